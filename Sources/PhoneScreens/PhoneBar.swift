// PhoneBar: the row of buttons a desktop window shows under the phone's screen, so that a player needs no Ctrl keys
// to do to the phone what a person does to a real one: press Home (twice for the switcher), lock it, receive an SMS
// or a call, pull Notification Center (iOS 5), and what the OS does by itself (a memory warning, a purge).

import Lifecycle

/// The phone bar at one width: its buttons and shapes, in pixels of the bar (top-left origin at the bar's corner).
public struct PhoneBar: Hashable, Sendable {
    /// The buttons, left to right.
    public let buttons: [PhoneButton]
    /// What to draw.
    public let shapes: [PhoneShape]
    /// The bar's height in pixels.
    public let height: Int

    /// The bar's height under a screen of `width` x `height`: 56 pixels at 1280 x 720, scaled like the screens.
    public static func height(screenWidth width: Int, screenHeight height: Int) -> Int {
        max(28, Int((56 * min(Float(width) / 1280, Float(height) / 720)).rounded()))
    }

    /// What the buttons are, in order, for `profile` (Notification Center exists on iOS 5 only).
    public static func items(for profile: Profile) -> [(label: String, event: Event)] {
        var items: [(label: String, event: Event)] = [
            ("Home", .homePressed), ("Switcher", .homeDoubleTapped), ("Lock", .lockPressed), ("SMS", .smsArrived),
            ("Call", .callArrived),
        ]
        if profile.allows(.notificationCenterPulled, in: Status(.active)) {
            items.append(("Notifications", .notificationCenterPulled))
        }
        // Today's phones: Control Center (iOS 13+), Back and a lost GL context (Android), a rotation (both).
        switch PhoneFamily(profile) {
        case .classic: break
        case .modernIOS: items += [("Control Center", .controlCenterPulled), ("Rotate", .rotated)]
        case .android: items += [("Back", .backPressed), ("Rotate", .rotated), ("Lose GL", .glContextLost)]
        }
        items += [("Memory warning", .memoryWarned), ("Purge", .purgedByOS)]
        return items
    }

    /// The bar for `profile` under a screen of `screenWidth` x `screenHeight` pixels.
    public init(profile: Profile, screenWidth: Int, screenHeight: Int) {
        let barHeight = Self.height(screenWidth: screenWidth, screenHeight: screenHeight)
        let width = Float(screenWidth)
        let scale = barHeight >= 48 ? 2 : 1
        let items = Self.items(for: profile)
        let gap = (Float(barHeight) * 0.16).rounded()
        let cell = (width - gap) / Float(items.count)
        var shapes: [PhoneShape] = [
            .box(
                PhoneRect(x: 0, y: 0, width: width, height: Float(barHeight)), top: PhoneColor(0.20, 0.21, 0.24),
                bottom: PhoneColor(0.06, 0.06, 0.07), radius: 0),
            .fill(PhoneRect(x: 0, y: 0, width: width, height: 1), .white(0.3)),
        ]
        var buttons: [PhoneButton] = []
        for (index, item) in items.enumerated() {
            let left = (gap + Float(index) * cell).rounded()
            let rect = PhoneRect(
                x: left, y: gap, width: (gap + Float(index + 1) * cell).rounded() - gap - left,
                height: Float(barHeight) - 2 * gap)
            shapes.append(.fill(rect.inset(by: -1), .black(0.6), radius: gap))
            shapes.append(
                .box(rect, top: PhoneColor(0.42, 0.44, 0.49), bottom: PhoneColor(0.20, 0.21, 0.24), radius: gap))
            // Long labels drop to the small size rather than overflow their button.
            let room = rect.width - 2 * gap
            let fits = PhoneShape.width(of: item.label, scale: scale) <= room
            let textScale = fits ? scale : 1
            let shortened = [
                ("Memory warning", "Memory"), ("Notifications", "Notif."), ("Control Center", "Control"),
                ("Lose GL", "GL"),
            ]
            .first { $0.0 == item.label }
            var text =
                PhoneShape.width(of: item.label, scale: textScale) <= room ? item.label : shortened?.1 ?? item.label
            // Still too long (a narrow bar: a turned window, the newer profiles' longer row): as many letters as fit.
            while text.count > 1, PhoneShape.width(of: text, scale: textScale) > room { text.removeLast() }
            let textWidth = PhoneShape.width(of: text, scale: textScale)
            shapes.append(
                .text(
                    text, x: (rect.midX - textWidth / 2).rounded(),
                    y: (rect.midY - Float(4 * textScale)).rounded(), scale: textScale, color: .white()))
            buttons.append(PhoneButton(rect, item.label, item.event))
        }
        self.buttons = buttons
        self.shapes = shapes
        self.height = barHeight
    }

    /// The event of a click at `x`, `y` (pixels of the bar), if it hit a button.
    public func hit(x: Float, y: Float) -> Event? {
        buttons.first { $0.rect.contains(x: x, y: y) }?.event
    }
}
