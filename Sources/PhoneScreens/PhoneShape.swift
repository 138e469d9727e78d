// PhoneShape: what a phone screen is drawn with, as data: rounded boxes with a vertical gradient, the app's picture,
// and text in the 8x8 bitmap font. Pixels, top-left origin, y down. The compositor draws them in order.

import Lifecycle

/// A rectangle in pixels, top-left origin, y down.
public struct PhoneRect: Hashable, Sendable {
    public var x: Float
    public var y: Float
    public var width: Float
    public var height: Float

    public init(x: Float, y: Float, width: Float, height: Float) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// True when the point lies inside (left and top edges included).
    public func contains(x px: Float, y py: Float) -> Bool {
        px >= x && px < x + width && py >= y && py < y + height
    }

    /// The rectangle grown by `amount` on every side.
    public func inset(by amount: Float) -> PhoneRect {
        PhoneRect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
    }

    /// The centre's x.
    public var midX: Float { x + width / 2 }
    /// The centre's y.
    public var midY: Float { y + height / 2 }
}

/// A colour, each channel 0...1, not premultiplied.
public struct PhoneColor: Hashable, Sendable {
    public var red: Float
    public var green: Float
    public var blue: Float
    public var alpha: Float

    public init(_ red: Float, _ green: Float, _ blue: Float, _ alpha: Float = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// White at `alpha`.
    public static func white(_ alpha: Float = 1) -> PhoneColor { PhoneColor(1, 1, 1, alpha) }
    /// Black at `alpha`.
    public static func black(_ alpha: Float = 1) -> PhoneColor { PhoneColor(0, 0, 0, alpha) }
}

/// One thing to draw.
public enum PhoneShape: Hashable, Sendable {
    /// A box with corners rounded by `radius` pixels, shaded from `top` to `bottom`, edges antialiased.
    case box(PhoneRect, top: PhoneColor, bottom: PhoneColor, radius: Float)
    /// The app's picture (the frozen frame, or the one kept as it left the foreground) scaled into the rectangle,
    /// multiplied by `brightness` (1: as is), corners rounded by `radius`. Black when there is no picture.
    case picture(PhoneRect, brightness: Float, radius: Float)
    /// `text` with its top-left corner at `x`, `y`, each glyph 8 x 8 pixels times `scale`.
    case text(String, x: Float, y: Float, scale: Int, color: PhoneColor)

    /// A box of one colour.
    public static func fill(_ rect: PhoneRect, _ color: PhoneColor, radius: Float = 0) -> PhoneShape {
        .box(rect, top: color, bottom: color, radius: radius)
    }

    /// The width in pixels of `text` drawn at `scale` (8 pixels a character).
    public static func width(of text: String, scale: Int) -> Float { Float(text.count * 8 * scale) }
}

/// A button of a phone screen or of the phone bar: where it is, what it says, and the event a click on it sends.
public struct PhoneButton: Hashable, Sendable {
    public let rect: PhoneRect
    public let label: String
    public let event: Event

    public init(_ rect: PhoneRect, _ label: String, _ event: Event) {
        self.rect = rect
        self.label = label
        self.event = event
    }
}

/// What a click on the phone's screen means.
public enum PhoneHit: Hashable, Sendable {
    /// The click hit an OS button: send this event.
    case event(Event)
    /// The click landed on the OS's screen but on no button: it goes nowhere (and never to the app).
    case absorbed
    /// Nothing of the OS is there: the click belongs to the app.
    case app
}

/// A control the OS moves with a drag rather than a click: the lock screen's slider (dragged to the right) and the
/// switcher's app card (swiped up, iOS 5). A press in `grip` that moves `distance` pixels along `direction` before
/// its release sends `event`; shorter, the control goes back and nothing is sent.
public struct PhoneSlide: Hashable, Sendable {
    /// Which way the control moves.
    public enum Direction: Hashable, Sendable {
        case right, up
    }

    /// Where the press must be (the knob; the card).
    public let grip: PhoneRect
    /// Which way it goes.
    public let direction: Direction
    /// How far the pointer must go along `direction`, in pixels, for `event`.
    public let distance: Float
    /// How far the control can be drawn moved, in pixels (the knob stops at the track's end; the card goes off).
    public let travel: Float
    /// What it is, for tests and logs ("slide to unlock").
    public let label: String
    /// What a complete slide sends.
    public let event: Event

    public init(
        _ grip: PhoneRect, _ direction: Direction, distance: Float, travel: Float, _ label: String, _ event: Event
    ) {
        self.grip = grip
        self.direction = direction
        self.distance = distance
        self.travel = travel
        self.label = label
        self.event = event
    }

    /// How far a pointer that moved `dx`, `dy` pixels (y down) went along `direction` (negative: backwards).
    public func along(dx: Float, dy: Float) -> Float {
        direction == .right ? dx : -dy
    }

    /// Where a pointer released after moving `dx`, `dy` from a press in `grip` ends the slide: the event when it went
    /// `distance` or more, none otherwise.
    public func released(dx: Float, dy: Float) -> Event? {
        along(dx: dx, dy: dy) >= distance ? event : nil
    }
}
