// PhoneLayout+Screens: each OS screen on the 1280 x 720 design, in the manner of iOS 4 and 5 (glossy blue alerts,
// black translucent bars, a slider to unlock, a grid of rounded icons), drawn from boxes and text only.

import Lifecycle

/// The one message the phone receives, as its screens show it.
enum PhoneMessage {
    static let sender = "Mum"
    static let text = "Are you coming for dinner?"
}

/// The palette.
enum PhonePalette {
    static let alertTop = PhoneColor(0.36, 0.45, 0.66, 0.95)
    static let alertBottom = PhoneColor(0.10, 0.17, 0.38, 0.95)
    static let alertButtonTop = PhoneColor(0.50, 0.58, 0.76, 0.95)
    static let alertButtonBottom = PhoneColor(0.20, 0.28, 0.50, 0.95)
    static let greenTop = PhoneColor(0.40, 0.82, 0.36)
    static let greenBottom = PhoneColor(0.08, 0.52, 0.10)
    static let redTop = PhoneColor(0.96, 0.40, 0.34)
    static let redBottom = PhoneColor(0.68, 0.06, 0.04)
    static let greyTop = PhoneColor(0.36, 0.37, 0.40)
    static let greyBottom = PhoneColor(0.16, 0.17, 0.19)
    static let wallpaperTop = PhoneColor(0.18, 0.33, 0.56)
    static let wallpaperBottom = PhoneColor(0.04, 0.07, 0.18)
    static let dim = PhoneColor(0.72, 0.74, 0.78)
}

extension PhoneCanvas {
    /// iOS 4's modal alert: the app dimmed, a glossy blue box with the sender, the message, Close and Reply.
    mutating func smsAlert() {
        layout.cover = full
        fill(full, .black(0.45))
        let box = rect(350, 220, 580, 270)
        fill(box.inset(by: -size(3)), .white(0.8), radius: 18)
        self.box(box, PhonePalette.alertTop, PhonePalette.alertBottom, radius: 16)
        self.box(rect(352, 222, 576, 110), .white(0.25), .white(0.04), radius: 15)
        text(PhoneMessage.sender, centerX: box.midX, y: rect(0, 248, 0, 0).y, scale: title)
        text(PhoneMessage.text, centerX: box.midX, y: rect(0, 310, 0, 0).y, scale: body)
        let top = PhonePalette.alertButtonTop
        let bottom = PhonePalette.alertButtonBottom
        button("Close", rect(376, 400, 254, 62), .smsDismissed, top: top, bottom: bottom)
        button("Reply", rect(650, 400, 254, 62), .smsOpened, top: top, bottom: bottom)
    }

    /// A system dialog (a permission, a purchase, a sign-in) over the dimmed app, on every profile: a pale card with
    /// two buttons, each of which answers it. Nothing else can be touched while it is up.
    mutating func systemDialog() {
        layout.cover = full
        fill(full, .black(0.5))
        let card = rect(390, 210, 500, 300)
        fill(card, .white(0.94), radius: 24)
        text("Allow access?", centerX: card.midX, y: rect(0, 250, 0, 0).y, scale: title, .black(0.9))
        text("Interlude would like to use", centerX: card.midX, y: rect(0, 310, 0, 0).y, scale: body, .black(0.7))
        text("your location", centerX: card.midX, y: rect(0, 340, 0, 0).y, scale: body, .black(0.7))
        fill(rect(390, 420, 500, 2), .black(0.15))
        let top = PhoneColor(0.27, 0.55, 0.97)
        let bottom = PhoneColor(0.12, 0.38, 0.86)
        button("Deny", rect(410, 436, 220, 56), .dialogDismissed, top: top, bottom: bottom)
        button("Allow", rect(650, 436, 220, 56), .dialogDismissed, top: top, bottom: bottom)
    }

    /// iOS 5's banner: a black strip over the top of the running app, sliding in and out; a tap opens Messages.
    mutating func smsBanner(slide: Double) {
        let strip = band(0, 72)
        let shown = (strip.height * Float(slide)).rounded()
        guard shown > 0 else { return }
        let bar = PhoneRect(x: 0, y: shown - strip.height, width: width, height: strip.height)
        box(bar, PhoneColor(0.22, 0.22, 0.24, 0.96), PhoneColor(0.02, 0.02, 0.03, 0.96))
        fill(PhoneRect(x: 0, y: bar.y + bar.height - 1, width: width, height: 1), .white(0.25))
        let icon = PhoneRect(x: size(16), y: bar.y + size(14), width: size(44), height: size(44))
        messagesIcon(icon)
        text(PhoneMessage.sender, x: icon.x + icon.width + size(16), y: bar.y + size(14), scale: body)
        text(PhoneMessage.text, x: icon.x + icon.width + size(16), y: bar.y + size(40), scale: body, PhonePalette.dim)
        let visible = PhoneRect(x: 0, y: 0, width: width, height: shown)
        layout.cover = visible
        layout.buttons.append(PhoneButton(visible, "Messages", .smsOpened))
    }

    /// The incoming call: the app darkened, the caller at the top, Decline and Answer at the bottom.
    mutating func incomingCall() {
        layout.cover = full
        fill(full, .black(0.7))
        callerPanel(subtitle: "incoming call")
        let bottom = band(560, 160)
        box(bottom, .black(0.5), .black(0.9))
        fill(PhoneRect(x: 0, y: bottom.y, width: width, height: 1), .white(0.2))
        button(
            "Decline", rect(320, 600, 300, 84), .callDeclined, top: PhonePalette.redTop,
            bottom: PhonePalette.redBottom)
        button(
            "Answer", rect(660, 600, 300, 84), .callAnswered, top: PhonePalette.greenTop,
            bottom: PhonePalette.greenBottom)
    }

    /// The call in progress: the caller and the time so far, the call's buttons (for show), End Call.
    mutating func inCall(seconds: Int) {
        layout.cover = full
        box(full, PhoneColor(0.16, 0.17, 0.20), PhoneColor(0.02, 0.02, 0.03))
        let minutes = seconds / 60
        let rest = seconds % 60
        callerPanel(subtitle: "\(minutes < 10 ? "0" : "")\(minutes):\(rest < 10 ? "0" : "")\(rest)")
        let names = ["mute", "keypad", "speaker", "add call", "hold", "contacts"]
        for (index, name) in names.enumerated() {
            let cell = rect(400 + Float(index % 3) * 164, 200 + Float(index / 3) * 150, 152, 136)
            box(cell, .white(0.16), .white(0.06), radius: 10)
            label(name, in: cell, scale: body, PhonePalette.dim)
        }
        button(
            "End Call", rect(440, 600, 400, 84), .callEnded, top: PhonePalette.redTop,
            bottom: PhonePalette.redBottom)
    }

    /// The caller's name with `subtitle` on a translucent black panel at the top.
    private mutating func callerPanel(subtitle: String) {
        let panel = band(0, 160)
        box(panel, .black(0.9), .black(0.5))
        fill(PhoneRect(x: 0, y: panel.y + panel.height - 1, width: width, height: 1), .white(0.2))
        text(PhoneMessage.sender, centerX: width / 2, y: rect(0, 36, 0, 0).y, scale: title * 2)
        text(subtitle, centerX: width / 2, y: rect(0, 108, 0, 0).y, scale: body, PhonePalette.dim)
    }

    /// The lock screen: the wallpaper, the time and date on a black bar, "slide to unlock" on another.
    mutating func lock(minutes: Int) {
        layout.cover = full
        box(full, PhonePalette.wallpaperTop, PhonePalette.wallpaperBottom)
        let top = band(0, 180)
        box(top, .black(0.75), .black(0.45))
        fill(PhoneRect(x: 0, y: top.y + top.height - 1, width: width, height: 1), .white(0.2))
        text(PhoneCanvas.clockText(minutes), centerX: width / 2, y: rect(0, 28, 0, 0).y, scale: huge)
        text("Monday, 6 June", centerX: width / 2, y: rect(0, 128, 0, 0).y, scale: body, PhonePalette.dim)
        let bottom = band(560, 160)
        box(bottom, .black(0.45), .black(0.75))
        fill(PhoneRect(x: 0, y: bottom.y, width: width, height: 1), .white(0.2))
        let track = rect(330, 598, 620, 84)
        box(track, PhoneColor(0.05, 0.05, 0.06, 0.9), PhoneColor(0.20, 0.20, 0.22, 0.9), radius: 14)
        let resting = rect(338, 606, 124, 68)
        // The knob goes as far as the track's end; a drag of 90 % of that unlocks (as the phone, not a click).
        let travel = track.x + track.width - resting.x - resting.width - (resting.x - track.x)
        var knob = resting
        knob.x += min(dragged, travel).rounded()
        let rest = PhoneRect(
            x: knob.x + knob.width, y: track.y, width: track.x + track.width - knob.x - knob.width,
            height: track.height)
        box(knob, PhoneColor(0.97, 0.97, 0.98), PhoneColor(0.66, 0.67, 0.70), radius: 10)
        label("->", in: knob, scale: title, PhoneColor(0.35, 0.36, 0.40))
        if dragged < 1 { label("slide to unlock", in: rest, scale: body, PhonePalette.dim) }
        layout.slides.append(
            PhoneSlide(
                resting.inset(by: -size(8)), .right, distance: (travel * 0.9).rounded(), travel: travel,
                "slide to unlock", .unlocked))
    }

    /// The home screen: the status bar, a grid of icons with Interlude first, and the dock.
    mutating func home() {
        layout.cover = full
        box(full, PhonePalette.wallpaperTop, PhonePalette.wallpaperBottom)
        statusBar(minutes: PhoneScreen.clockStart)
        let grid: [(String, PhoneColor, PhoneColor)] = [
            ("Messages", PhonePalette.greenTop, PhonePalette.greenBottom),
            ("Calendar", .white(), PhoneColor(0.82, 0.82, 0.84)),
            ("Photos", PhoneColor(0.98, 0.80, 0.30), PhoneColor(0.85, 0.45, 0.10)),
            ("Camera", PhoneColor(0.55, 0.56, 0.60), PhoneColor(0.22, 0.23, 0.26)),
            ("Weather", PhoneColor(0.45, 0.72, 0.98), PhoneColor(0.12, 0.38, 0.80)),
            ("Clock", PhoneColor(0.20, 0.20, 0.22), PhoneColor(0.02, 0.02, 0.03)),
            ("Maps", PhoneColor(0.78, 0.90, 0.70), PhoneColor(0.40, 0.66, 0.42)),
            ("Notes", PhoneColor(1.0, 0.95, 0.62), PhoneColor(0.92, 0.80, 0.34)),
            ("Settings", PhoneColor(0.70, 0.71, 0.74), PhoneColor(0.36, 0.37, 0.40)),
        ]
        let interlude = rect(150, 70, 100, 100)
        interludeIcon(interlude)
        text("Interlude", centerX: interlude.midX, y: interlude.y + interlude.height + size(8), scale: body)
        layout.buttons.append(PhoneButton(interlude, "Interlude", .iconTapped))
        for (index, (name, top, bottom)) in grid.enumerated() {
            let slot = index + 1
            let icon = rect(150 + Float(slot % 5) * 220, 70 + Float(slot / 5) * 190, 100, 100)
            appIcon(icon, name: name, top: top, bottom: bottom)
        }
        let dock = band(548, 172)
        box(dock, .white(0.28), .white(0.10))
        fill(PhoneRect(x: 0, y: dock.y, width: width, height: 1), .white(0.45))
        let docked: [(String, PhoneColor, PhoneColor)] = [
            ("Phone", PhonePalette.greenTop, PhonePalette.greenBottom),
            ("Mail", PhoneColor(0.50, 0.75, 1.0), PhoneColor(0.10, 0.40, 0.85)),
            ("Safari", PhoneColor(0.90, 0.94, 1.0), PhoneColor(0.45, 0.60, 0.85)),
            ("Music", PhoneColor(1.0, 0.62, 0.30), PhoneColor(0.90, 0.30, 0.10)),
        ]
        for (index, (name, top, bottom)) in docked.enumerated() {
            appIcon(rect(240 + Float(index) * 240, 572, 100, 100), name: name, top: top, bottom: bottom)
        }
    }

    /// The app switcher: the app's card (its picture) in the middle, other apps' cards beside it. A tap on the app's
    /// card goes back to it, on another card switches to that app; the badge (iOS 5) closes the app.
    mutating func switcher(canKill: Bool) {
        layout.cover = full
        layout.elsewhere = .switcherDismissed
        fill(full, .black(0.93))
        statusBar(minutes: PhoneScreen.clockStart)
        let resting = rect(384, 150, 512, 288)
        let others: [(String, PhoneRect)] = [
            ("Clock", rect(-160, 200, 384, 216)), ("Messages", rect(1056, 200, 384, 216)),
        ]
        for (name, other) in others {
            box(other, .white(0.92), PhoneColor(0.80, 0.81, 0.84), radius: 10)
            let header = PhoneRect(x: other.x, y: other.y, width: other.width, height: size(40))
            box(header, PhonePalette.greyTop, PhonePalette.greyBottom, radius: 10)
            // The card runs off the screen: its name stays on the part that shows.
            text(name, x: max(other.x, 0) + size(16), y: header.midY - Float(4 * body), scale: body)
            layout.buttons.append(PhoneButton(other, name, .switcherPickedOther))
        }
        // iOS 5: the card swiped up (half its height) closes the app; while swiped it follows the pointer up and off.
        var card = resting
        if canKill { card.y -= min(dragged, resting.y + resting.height).rounded() }
        fill(card.inset(by: -size(4)), .white(0.85), radius: 14)
        add(.picture(card, brightness: 1, radius: size(10)))
        text("Interlude", centerX: resting.midX, y: resting.y + resting.height + size(18), scale: title)
        layout.buttons.append(PhoneButton(resting, "Interlude", .switcherDismissed))
        let hint = canKill ? "tap a card to open it, x to close Interlude" : "tap a card to open it"
        text(hint, centerX: width / 2, y: rect(0, 640, 0, 0).y, scale: body, PhonePalette.dim)
        guard canKill else { return }
        layout.slides.append(
            PhoneSlide(
                resting, .up, distance: (resting.height / 2).rounded(), travel: resting.y + resting.height,
                "swipe Interlude up", .switcherKilled))
        let badge = PhoneRect(x: card.x - size(24), y: card.y - size(24), width: size(48), height: size(48))
        round(badge.inset(by: -size(3)), .white(), .white())
        round(badge, PhonePalette.redTop, PhonePalette.redBottom)
        label("x", in: badge, scale: title)
        var restingBadge = badge
        restingBadge.y += resting.y - card.y
        layout.buttons.append(PhoneButton(restingBadge, "close Interlude", .switcherKilled))
    }

    /// iOS 5's Notification Center: a pane pulled over the top of the app with the message; a tap on it opens
    /// Messages, anywhere else pushes the pane back up.
    mutating func notificationCenter() {
        layout.cover = full
        layout.elsewhere = .notificationCenterDismissed
        fill(full, .black(0.35))
        let pane = band(0, 440)
        box(pane, PhoneColor(0.25, 0.26, 0.29, 0.97), PhoneColor(0.12, 0.13, 0.15, 0.97))
        text("Notifications", x: rect(40, 0, 0, 0).x, y: rect(0, 40, 0, 0).y, scale: title)
        let date = "Monday, 6 June"
        text(
            date, x: rect(1240, 0, 0, 0).x - PhoneShape.width(of: date, scale: body), y: rect(0, 46, 0, 0).y,
            scale: body, PhonePalette.dim)
        let entry = rect(40, 100, 1200, 120)
        box(entry, .white(0.14), .white(0.06), radius: 12)
        let icon = rect(60, 122, 76, 76)
        messagesIcon(icon)
        text("Messages", x: icon.x + icon.width + size(24), y: rect(0, 128, 0, 0).y, scale: body)
        text(
            PhoneMessage.sender + ": " + PhoneMessage.text, x: icon.x + icon.width + size(24),
            y: rect(0, 166, 0, 0).y, scale: body, PhonePalette.dim)
        layout.buttons.append(PhoneButton(entry, "Messages", .notificationCenterOpenedApp))
        round(rect(600, 410, 80, 10), .white(0.5), .white(0.5))
    }

    /// A rounded app icon with its name under it (for show: only Interlude's icon is a button).
    private mutating func appIcon(_ icon: PhoneRect, name: String, top: PhoneColor, bottom: PhoneColor) {
        fill(icon.inset(by: -1), .black(0.35), radius: 22)
        box(icon, top, bottom, radius: 20)
        let gloss = PhoneRect(x: icon.x, y: icon.y, width: icon.width, height: (icon.height / 2).rounded())
        box(gloss, .white(0.35), .white(0.08), radius: 20)
        label(String(name.prefix(1)), in: icon, scale: title * 2, .white(0.9))
        text(name, centerX: icon.midX, y: icon.y + icon.height + size(8), scale: body)
    }

    /// The Messages icon: green, a white speech bubble.
    mutating func messagesIcon(_ icon: PhoneRect) {
        box(icon, PhonePalette.greenTop, PhonePalette.greenBottom, radius: 10)
        let bubble = PhoneRect(
            x: icon.x + icon.width * 0.18, y: icon.y + icon.height * 0.22,
            width: (icon.width * 0.64).rounded(), height: (icon.height * 0.46).rounded())
        round(bubble, .white(), .white())
    }

    /// Interlude's icon: a dark tile with an orange target, drawn for this project.
    private mutating func interludeIcon(_ icon: PhoneRect) {
        fill(icon.inset(by: -1), .black(0.35), radius: 22)
        box(icon, PhoneColor(0.22, 0.24, 0.30), PhoneColor(0.04, 0.05, 0.08), radius: 20)
        let ring = icon.inset(by: (icon.width * 0.2).rounded())
        round(ring, PhoneColor(1.0, 0.66, 0.22), PhoneColor(0.86, 0.30, 0.04))
        let hole = ring.inset(by: (ring.width * 0.18).rounded())
        round(hole, PhoneColor(0.10, 0.11, 0.14), PhoneColor(0.10, 0.11, 0.14))
        let dot = hole.inset(by: (hole.width * 0.32).rounded())
        round(dot, PhoneColor(1.0, 0.80, 0.40), PhoneColor(1.0, 0.80, 0.40))
        let gloss = PhoneRect(x: icon.x, y: icon.y, width: icon.width, height: (icon.height / 2).rounded())
        box(gloss, .white(0.22), .white(0.04), radius: 20)
    }
}
