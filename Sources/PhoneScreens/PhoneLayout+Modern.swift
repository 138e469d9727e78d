// PhoneLayout+Modern: today's phones on the same 1280 x 720 design, boxes and the 8x8 font only: iOS 13+'s
// full-screen call, iOS 14+'s call banner and Control Center; Android's heads-up call and SMS, full-screen call,
// notification shade, Recents and the navigation bar (back, home, recents) along the bottom of its full screens.

import Lifecycle

/// The modern palette: flat colours, dark translucent panels, white cards (Material).
enum ModernPalette {
    static let panel = PhoneColor(0.11, 0.11, 0.12, 0.96)
    static let card = PhoneColor(0.97, 0.97, 0.98, 0.98)
    static let ink = PhoneColor(0.10, 0.10, 0.12)
    static let inkDim = PhoneColor(0.38, 0.39, 0.43)
    static let red = PhoneColor(0.92, 0.23, 0.20)
    static let green = PhoneColor(0.20, 0.74, 0.33)
    static let blue = PhoneColor(0.04, 0.52, 1.0)
    static let orange = PhoneColor(1.0, 0.58, 0.0)
    static let tile = PhoneColor(0.24, 0.24, 0.27, 0.92)
    static let androidBlue = PhoneColor(0.54, 0.71, 0.97)
}

extension PhoneCanvas {
    /// A flat disc (`rect` should be square) for `event`, its label under it.
    private mutating func disc(_ label: String, _ rect: PhoneRect, _ color: PhoneColor, _ event: Event, glyph: String) {
        round(rect, color, color)
        self.label(glyph, in: rect, scale: title * 2)
        text(label, centerX: rect.midX, y: rect.y + rect.height + size(12), scale: body)
        layout.buttons.append(PhoneButton(rect, label, event))
    }

    /// A flat pill button for `event`.
    private mutating func pill(_ label: String, _ rect: PhoneRect, _ color: PhoneColor, _ event: Event) {
        round(rect, color, color)
        self.label(label, in: rect, scale: body)
        layout.buttons.append(PhoneButton(rect, label, event))
    }

    /// The caller's initial on a grey disc.
    private mutating func avatar(_ rect: PhoneRect) {
        round(rect, PhoneColor(0.62, 0.64, 0.70), PhoneColor(0.44, 0.46, 0.52))
        label(String(PhoneMessage.sender.prefix(1)), in: rect, scale: max(1, Int(rect.height / 24)))
    }

    /// iOS 14+'s compact call banner: a dark rounded panel at the top of the running app, Decline and Accept.
    mutating func callBanner() {
        let panel = rect(200, 16, 880, 112)
        fill(panel.inset(by: -1), .white(0.18), radius: 29)
        fill(panel, ModernPalette.panel, radius: 28)
        avatar(rect(224, 32, 80, 80))
        text(PhoneMessage.sender, x: rect(328, 0, 0, 0).x, y: rect(0, 40, 0, 0).y, scale: title)
        text("mobile", x: rect(328, 0, 0, 0).x, y: rect(0, 82, 0, 0).y, scale: body, PhonePalette.dim)
        pill("Decline", rect(700, 40, 160, 64), ModernPalette.red, .callDeclined)
        pill("Accept", rect(890, 40, 160, 64), ModernPalette.green, .callAnswered)
        layout.cover = panel
    }

    /// iOS 13+'s full-screen incoming call: the app darkened, the caller large at the top, Decline and Accept discs.
    mutating func fullScreenCall() {
        layout.cover = full
        box(full, PhoneColor(0.05, 0.06, 0.08, 0.86), PhoneColor(0.10, 0.12, 0.16, 0.94))
        text(PhoneMessage.sender, centerX: width / 2, y: rect(0, 70, 0, 0).y, scale: title * 2)
        text("mobile", centerX: width / 2, y: rect(0, 136, 0, 0).y, scale: body, PhonePalette.dim)
        let small: [(String, Float)] = [("Remind Me", 410), ("Message", 870)]
        for (name, x) in small {
            let icon = rect(x - 30, 380, 60, 60)
            round(icon, .white(0.22), .white(0.22))
            text(name, centerX: icon.midX, y: icon.y + icon.height + size(10), scale: body, PhonePalette.dim)
        }
        disc("Decline", rect(360, 500, 100, 100), ModernPalette.red, .callDeclined, glyph: "x")
        disc("Accept", rect(820, 500, 100, 100), ModernPalette.green, .callAnswered, glyph: "o")
    }

    /// iOS 13+'s Control Center: the app dimmed, a grid of rounded tiles at the right (connectivity, music,
    /// rotation lock, Do Not Disturb, brightness and volume sliders); a tap outside the tiles pushes it away.
    mutating func controlCenter() {
        layout.cover = full
        layout.elsewhere = .controlCenterDismissed
        fill(full, .black(0.55))
        let connectivity = rect(640, 60, 250, 250)
        fill(connectivity, ModernPalette.tile, radius: 36)
        let toggles: [PhoneColor] = [ModernPalette.orange, ModernPalette.green, ModernPalette.blue, ModernPalette.blue]
        for (index, color) in toggles.enumerated() {
            let toggle = rect(670 + Float(index % 2) * 110, 90 + Float(index / 2) * 110, 80, 80)
            round(toggle, color, color)
        }
        let music = rect(910, 60, 250, 250)
        fill(music, ModernPalette.tile, radius: 36)
        text("Not Playing", x: music.x + size(24), y: music.y + size(28), scale: body)
        text("<<  >  >>", centerX: music.midX, y: music.y + size(170), scale: body)
        let small: [(Float, Float, PhoneColor)] = [
            (640, 330, .white(0.9)), (775, 330, ModernPalette.tile),
        ]
        for (x, y, color) in small {
            fill(rect(x, y, 115, 115), color, radius: 30)
        }
        label("@", in: rect(640, 330, 115, 115), scale: title * 2, ModernPalette.red)
        label("C", in: rect(775, 330, 115, 115), scale: title * 2)
        for (x, level) in [(Float(910), Float(0.55)), (Float(1045), Float(0.35))] {
            let track = rect(x, 330, 115, 250)
            fill(track, ModernPalette.tile, radius: 30)
            let filled = (track.height * level).rounded()
            let bottom = PhoneRect(x: track.x, y: track.y + track.height - filled, width: track.width, height: filled)
            fill(bottom, .white(0.92), radius: 30)
        }
        text("Control Center", x: rect(640, 0, 0, 0).x, y: rect(0, 620, 0, 0).y, scale: body, PhonePalette.dim)
    }

    /// iOS 13+'s lock screen: the wallpaper, the date over a large clock, the message waiting, the torch and camera,
    /// and the home indicator; a swipe up from the bottom (a quarter of the screen's height) unlocks, never a click.
    mutating func modernLock(minutes: Int) {
        layout.cover = full
        box(full, PhoneColor(0.28, 0.20, 0.48), PhoneColor(0.05, 0.08, 0.22))
        let lift = min(dragged, height).rounded()  // the screen follows a swipe up under way
        func up(_ rect: PhoneRect) -> PhoneRect {
            PhoneRect(x: rect.x, y: rect.y - lift, width: rect.width, height: rect.height)
        }
        text("Monday 6 June", centerX: width / 2, y: rect(0, 48, 0, 0).y - lift, scale: body, .white(0.85))
        text(PhoneCanvas.clockText(minutes), centerX: width / 2, y: rect(0, 80, 0, 0).y - lift, scale: huge * 3 / 2)
        let card = up(rect(340, 250, 600, 110))
        fill(card, .white(0.22), radius: 22)
        let icon = PhoneRect(x: card.x + size(18), y: card.y + size(22), width: size(64), height: size(64))
        messagesIcon(icon)
        text("Messages - " + PhoneMessage.sender, x: icon.x + icon.width + size(18), y: card.y + size(28), scale: body)
        text(PhoneMessage.text, x: icon.x + icon.width + size(18), y: card.y + size(62), scale: body, .white(0.85))
        for (x, glyph) in [(Float(120), "*"), (Float(1080), "@")] {
            let disc = up(rect(x, 560, 80, 80))
            round(disc, .black(0.45), .black(0.45))
            label(glyph, in: disc, scale: title)
        }
        text("swipe up to open", centerX: width / 2, y: rect(0, 630, 0, 0).y - lift, scale: body, .white(0.7))
        let indicator = up(rect(540, 684, 200, 10))
        round(indicator, .white(0.9), .white(0.9))
        let grip = band(560, 160)
        layout.slides.append(
            PhoneSlide(grip, .up, distance: (height / 4).rounded(), travel: height, "swipe up to open", .unlocked))
    }

    /// Android's heads-up call: a white card at the top of the resumed app, Decline and Answer.
    mutating func headsUpCall() {
        let card = rect(200, 16, 880, 150)
        fill(card.inset(by: -1), .black(0.25), radius: 25)
        fill(card, ModernPalette.card, radius: 24)
        avatar(rect(228, 36, 64, 64))
        text("Incoming call", x: rect(316, 0, 0, 0).x, y: rect(0, 40, 0, 0).y, scale: body, ModernPalette.inkDim)
        text(PhoneMessage.sender, x: rect(316, 0, 0, 0).x, y: rect(0, 66, 0, 0).y, scale: title, ModernPalette.ink)
        pill("Decline", rect(560, 108, 220, 48), ModernPalette.red, .callDeclined)
        pill("Answer", rect(820, 108, 220, 48), ModernPalette.green, .callAnswered)
        layout.cover = card
    }

    /// Android's heads-up SMS: a white card sliding down over the resumed app; a tap opens Messages.
    mutating func headsUpSMS(slide: Double) {
        let card = rect(200, 16, 880, 110)
        let shown = ((card.y + card.height) * Float(slide)).rounded()
        guard shown > 0 else { return }
        var moved = card
        moved.y = card.y + shown - (card.y + card.height)
        fill(moved.inset(by: -1), .black(0.25), radius: 25)
        fill(moved, ModernPalette.card, radius: 24)
        let icon = PhoneRect(x: moved.x + size(24), y: moved.y + size(22), width: size(64), height: size(64))
        messagesIcon(icon)
        let x = icon.x + icon.width + size(20)
        text("Messages - " + PhoneMessage.sender, x: x, y: moved.y + size(26), scale: body, ModernPalette.inkDim)
        text(PhoneMessage.text, x: x, y: moved.y + size(60), scale: body, ModernPalette.ink)
        let top = max(0, moved.y)
        let visible = PhoneRect(x: moved.x, y: top, width: moved.width, height: moved.y + moved.height - top)
        layout.cover = visible
        layout.buttons.append(PhoneButton(visible, "Messages", .smsOpened))
    }

    /// Android's full-screen incoming call: a dark gradient, the caller, Decline and Answer discs.
    mutating func androidCall() {
        layout.cover = full
        box(full, PhoneColor(0.10, 0.20, 0.32), PhoneColor(0.02, 0.03, 0.06))
        text("Incoming call", centerX: width / 2, y: rect(0, 60, 0, 0).y, scale: body, ModernPalette.androidBlue)
        let face = rect(590, 110, 100, 100)
        avatar(face)
        text(PhoneMessage.sender, centerX: width / 2, y: rect(0, 240, 0, 0).y, scale: title * 2)
        text("Mobile", centerX: width / 2, y: rect(0, 310, 0, 0).y, scale: body, PhonePalette.dim)
        disc("Decline", rect(360, 470, 110, 110), ModernPalette.red, .callDeclined, glyph: "x")
        disc("Answer", rect(810, 470, 110, 110), ModernPalette.green, .callAnswered, glyph: "o")
    }

    /// Android's notification shade over the resumed app: the clock, quick settings, the message; a tap on the
    /// message opens Messages, anywhere else pushes the shade back up.
    mutating func notificationShade() {
        layout.cover = full
        layout.elsewhere = .notificationCenterDismissed
        fill(full, .black(0.45))
        let shade = band(0, 430)
        fill(shade, PhoneColor(0.13, 0.14, 0.17, 0.98))
        text(
            PhoneCanvas.clockText(PhoneScreen.clockStart), x: rect(40, 0, 0, 0).x, y: rect(0, 24, 0, 0).y, scale: title)
        let date = "Mon, 6 June"
        text(
            date, x: rect(1240, 0, 0, 0).x - PhoneShape.width(of: date, scale: body), y: rect(0, 30, 0, 0).y,
            scale: body, PhonePalette.dim)
        let tiles = ["Wi-Fi", "Bluetooth", "DND", "Torch", "Rotate", "Battery"]
        for (index, name) in tiles.enumerated() {
            let tile = rect(40 + Float(index) * 203, 80, 188, 70)
            let on = index < 2 || index == 4
            fill(tile, on ? ModernPalette.androidBlue : ModernPalette.tile, radius: 35)
            label(name, in: tile, scale: body, on ? ModernPalette.ink : .white())
        }
        let entry = rect(40, 180, 1200, 120)
        fill(entry, PhoneColor(0.22, 0.23, 0.27), radius: 24)
        let icon = rect(64, 202, 76, 76)
        messagesIcon(icon)
        text(
            "Messages - " + PhoneMessage.sender, x: icon.x + icon.width + size(24), y: rect(0, 210, 0, 0).y,
            scale: body, PhonePalette.dim)
        text(PhoneMessage.text, x: icon.x + icon.width + size(24), y: rect(0, 248, 0, 0).y, scale: body)
        layout.buttons.append(PhoneButton(entry, "Messages", .notificationCenterOpenedApp))
        round(rect(600, 400, 80, 10), .white(0.5), .white(0.5))
    }

    /// Android's Recents: the app's card (its picture) in the middle, others beside it, Clear all. A tap on the
    /// card goes back to the app, on another card switches; the card swiped up, or Clear all, removes the app.
    mutating func recents() {
        layout.cover = full
        fill(full, PhoneColor(0.16, 0.17, 0.19))
        var resting = rect(384, 110, 512, 288)
        var others: [(String, PhoneRect)] = [
            ("Clock", rect(-176, 130, 512, 288)), ("Messages", rect(944, 130, 512, 288)),
        ]
        var below = rect(540, 450, 200, 56)  // Clear all
        if height > width {
            // Turned to portrait: the cards take the screen's shape (the app's picture is portrait too), centred,
            // with Clear all under them.
            let cardWidth = (width * 0.56).rounded()
            let cardHeight = (cardWidth * height / width).rounded()
            let gap = (width * 0.06).rounded()
            resting = PhoneRect(
                x: ((width - cardWidth) / 2).rounded(), y: ((height - cardHeight) / 2 - size(60)).rounded(),
                width: cardWidth, height: cardHeight)
            var left = resting
            left.x -= cardWidth + gap
            var right = resting
            right.x += cardWidth + gap
            others = [("Clock", left), ("Messages", right)]
            let pillWidth = max(size(200), PhoneShape.width(of: "Clear all", scale: body) + Float(4 * 8 * body))
            below = PhoneRect(
                x: (width / 2 - pillWidth / 2).rounded(), y: resting.y + resting.height + size(60), width: pillWidth,
                height: max(size(56), Float(8 * body + 8)))
        }
        for (name, other) in others {
            fill(other, PhoneColor(0.90, 0.91, 0.93), radius: 20)
            text(name, x: max(other.x, 0) + size(16), y: other.y - size(30), scale: body, PhonePalette.dim)
            layout.buttons.append(PhoneButton(other, name, .switcherPickedOther))
        }
        var card = resting
        card.y -= min(dragged, resting.y + resting.height).rounded()
        add(.picture(card, brightness: 1, radius: size(20)))
        let icon = PhoneRect(
            x: (resting.midX - size(40)).rounded(), y: resting.y - size(50), width: size(32), height: size(32))
        add(.box(icon, top: PhoneColor(1.0, 0.66, 0.22), bottom: PhoneColor(0.86, 0.30, 0.04), radius: size(16)))
        text("Interlude", x: icon.x + icon.width + size(10), y: icon.midY - Float(4 * body), scale: body)
        layout.buttons.append(PhoneButton(resting, "Interlude", .switcherDismissed))
        pill("Clear all", below, ModernPalette.tile, .switcherKilled)
        text(
            "swipe a card up to close it", centerX: width / 2, y: below.y + below.height + size(34), scale: body,
            PhonePalette.dim)
        layout.slides.append(
            PhoneSlide(
                resting, .up, distance: (resting.height / 2).rounded(), travel: resting.y + resting.height,
                "swipe Interlude up", .switcherKilled))
    }

    /// Android's navigation bar along the bottom: back, home, recents. In Recents, back and recents go back to
    /// the app; elsewhere they send `backPressed` and `homeDoubleTapped`, home `homePressed`.
    mutating func navigationBar(inRecents: Bool) {
        // Along the screen's bottom edge whatever its shape (turned, the design's band is centred higher up).
        let barHeight = size(36)
        let bar = PhoneRect(x: 0, y: height - barHeight, width: width, height: barHeight)
        fill(bar, .black(0.88))
        let mark = PhoneColor(0.92, 0.92, 0.94)
        func slot(_ x: Float, _ w: Float) -> PhoneRect {
            let span = rect(x, 0, w, 0)
            return PhoneRect(x: span.x, y: bar.y, width: span.width, height: bar.height)
        }
        let back = slot(420, 80)
        label("<", in: back, scale: title, mark)
        let ringSize = size(26)
        let ring = PhoneRect(
            x: (width / 2 - ringSize / 2).rounded(), y: (bar.midY - ringSize / 2).rounded(), width: ringSize,
            height: ringSize)
        round(ring, mark, mark)
        round(ring.inset(by: max(1, size(4))), .black(0.88), .black(0.88))
        let square = size(20)
        let recentsSlot = slot(760, 100)
        let recentsMark = PhoneRect(
            x: (recentsSlot.midX - square / 2).rounded(), y: (bar.midY - square / 2).rounded(), width: square,
            height: square)
        fill(recentsMark, mark, radius: 3)
        fill(recentsMark.inset(by: max(1, size(3))), PhoneColor(0.08, 0.08, 0.08), radius: 2)
        layout.buttons.append(PhoneButton(back, "back", inRecents ? .switcherDismissed : .backPressed))
        layout.buttons.append(PhoneButton(slot(580, 120), "home", .homePressed))
        layout.buttons.append(PhoneButton(recentsSlot, "recents", inRecents ? .switcherDismissed : .homeDoubleTapped))
    }
}
