// PhoneLayout: where everything of a phone screen goes at a given size, and what a click there means. One function
// per screen (PhoneLayout+Screens.swift) gives both the shapes to draw and the buttons, so that what is drawn and
// what is clickable cannot drift apart. Laid out on a 1280 x 720 design scaled to the screen (centred when the
// aspect differs); text scales by whole steps of the 8x8 font, so it stays sharp: 16-pixel text at 1280 x 720,
// 8-pixel text at 640 x 360.

import Lifecycle

/// A phone screen laid out at one size: its shapes, its buttons and the part of the screen the OS owns.
public struct PhoneLayout: Hashable, Sendable {
    /// The shapes, drawn in order over the app's picture.
    public var shapes: [PhoneShape] = []
    /// The buttons, topmost last.
    public var buttons: [PhoneButton] = []
    /// Where a click belongs to the OS (nil: nowhere, the app has the whole screen).
    public var cover: PhoneRect?
    /// The event of a click on the OS's part outside every button (nil: the click is absorbed).
    public var elsewhere: Event?
    /// The controls moved by a drag (the lock screen's slider, the switcher's card on iOS 5), topmost last.
    public var slides: [PhoneSlide] = []

    /// The slide a press at `x`, `y` grips, if any.
    public func slide(atX x: Float, y: Float) -> PhoneSlide? {
        slides.last { $0.grip.contains(x: x, y: y) }
    }

    /// What a click at `x`, `y` (pixels of this screen, top-left origin) means: the topmost button's event, the
    /// OS's (`absorbed`, or `elsewhere`'s event), or the app's.
    public func hit(x: Float, y: Float) -> PhoneHit {
        if let button = buttons.last(where: { $0.rect.contains(x: x, y: y) }) { return .event(button.event) }
        guard let cover, cover.contains(x: x, y: y) else { return .app }
        return elsewhere.map { .event($0) } ?? .absorbed
    }

    /// Lays out `screen` at `width` x `height` pixels, its slide (if it has one) drawn `dragged` pixels along its
    /// way (a drag under way in a window; 0 in captures).
    public init(_ screen: PhoneScreen, width: Int, height: Int, dragged: Float = 0) {
        var canvas = PhoneCanvas(width: width, height: height)
        canvas.dragged = max(0, dragged)
        switch screen {
        case .none: break
        case .smsBanner(let slide): canvas.smsBanner(slide: slide)
        case .smsAlert: canvas.smsAlert()
        case .incomingCall: canvas.incomingCall()
        case .inCall(let seconds): canvas.inCall(seconds: seconds)
        case .lock(let minutes): canvas.lock(minutes: minutes)
        case .home: canvas.home()
        case .switcher(let canKill): canvas.switcher(canKill: canKill)
        case .notificationCenter: canvas.notificationCenter()
        case .callBanner: canvas.callBanner()
        case .fullScreenCall: canvas.fullScreenCall()
        case .controlCenter: canvas.controlCenter()
        case .headsUpCall: canvas.headsUpCall()
        case .androidCall: canvas.androidCall()
        case .headsUpSMS(let slide): canvas.headsUpSMS(slide: slide)
        case .notificationShade: canvas.notificationShade()
        case .recents: canvas.recents()
        case .modernLock(let minutes): canvas.modernLock(minutes: minutes)
        case .systemDialog: canvas.systemDialog()
        case .navigation(let inner):
            canvas.layout = PhoneLayout(inner, width: width, height: height, dragged: dragged)
            canvas.navigationBar(inRecents: inner == .recents)
            if canvas.layout.cover == nil { canvas.layout.cover = canvas.full }
        }
        self = canvas.layout
    }

    init() {}
}

/// The drawing surface a screen is laid out on: the design's 1280 x 720 units mapped to pixels.
struct PhoneCanvas {
    let width: Float  // pixels
    let height: Float  // pixels
    let unit: Float  // pixels per design unit
    let originX: Float  // pixels: where design x = 0 lies (centring)
    let originY: Float  // pixels: where design y = 0 lies
    var layout = PhoneLayout()
    var dragged: Float = 0  // pixels: how far the screen's slide is drawn moved

    init(width: Int, height: Int) {
        self.width = Float(width)
        self.height = Float(height)
        unit = min(Float(width) / 1280, Float(height) / 720)
        originX = ((Float(width) - 1280 * unit) / 2).rounded(.down)
        originY = ((Float(height) - 720 * unit) / 2).rounded(.down)
    }

    /// The whole screen.
    var full: PhoneRect { PhoneRect(x: 0, y: 0, width: width, height: height) }

    /// A design rectangle (1280 x 720 units) in pixels, on whole pixels.
    func rect(_ x: Float, _ y: Float, _ w: Float, _ h: Float) -> PhoneRect {
        let left = (originX + x * unit).rounded()
        let top = (originY + y * unit).rounded()
        return PhoneRect(
            x: left, y: top, width: (originX + (x + w) * unit).rounded() - left,
            height: (originY + (y + h) * unit).rounded() - top)
    }

    /// A rectangle spanning the screen's full width at design `y`, `h`.
    func band(_ y: Float, _ h: Float) -> PhoneRect {
        let inner = rect(0, y, 1280, h)
        return PhoneRect(x: 0, y: inner.y, width: width, height: inner.height)
    }

    /// A length in design units, in pixels.
    func size(_ length: Float) -> Float { (length * unit).rounded() }

    /// Text scales: body text (16 px at 720 lines), titles (24 px), the lock screen's clock (64 px).
    var body: Int { max(1, Int(2 * unit + 0.5)) }
    var title: Int { max(1, Int(3 * unit + 0.5)) }
    var huge: Int { max(2, Int(8 * unit + 0.5)) }

    mutating func add(_ shape: PhoneShape) { layout.shapes.append(shape) }

    mutating func box(_ rect: PhoneRect, _ top: PhoneColor, _ bottom: PhoneColor, radius: Float = 0) {
        add(.box(rect, top: top, bottom: bottom, radius: size(radius)))
    }

    mutating func fill(_ rect: PhoneRect, _ color: PhoneColor, radius: Float = 0) {
        add(.fill(rect, color, radius: size(radius)))
    }

    /// A disc or pill: corners rounded by half the rectangle's shorter side, at every size.
    mutating func round(_ rect: PhoneRect, _ top: PhoneColor, _ bottom: PhoneColor) {
        add(.box(rect, top: top, bottom: bottom, radius: min(rect.width, rect.height) / 2))
    }

    /// `text` centred on `x` (pixels), its top at `y`.
    mutating func text(_ text: String, centerX x: Float, y: Float, scale: Int, _ color: PhoneColor = .white()) {
        let left = (x - PhoneShape.width(of: text, scale: scale) / 2).rounded()
        add(.text(text, x: left, y: y.rounded(), scale: scale, color: color))
    }

    /// `text` with its top-left corner at `x`, `y` (pixels).
    mutating func text(_ text: String, x: Float, y: Float, scale: Int, _ color: PhoneColor = .white()) {
        add(.text(text, x: x.rounded(), y: y.rounded(), scale: scale, color: color))
    }

    /// `text` centred in `rect`, both ways.
    mutating func label(_ text: String, in rect: PhoneRect, scale: Int, _ color: PhoneColor = .white()) {
        self.text(text, centerX: rect.midX, y: rect.midY - Float(4 * scale), scale: scale, color)
    }

    /// A glossy button: a rounded gradient box with a label, clickable for `event`.
    mutating func button(
        _ label: String, _ rect: PhoneRect, _ event: Event, top: PhoneColor, bottom: PhoneColor, radius: Float = 12
    ) {
        fill(rect.inset(by: -1), .white(0.35), radius: radius + 1)
        box(rect, top, bottom, radius: radius)
        // The gloss: the upper half a little lighter, as iOS 4 buttons were.
        let gloss = PhoneRect(x: rect.x + 1, y: rect.y + 1, width: rect.width - 2, height: (rect.height / 2).rounded())
        box(gloss, .white(0.22), .white(0.06), radius: radius)
        self.label(label, in: rect, scale: body)
        layout.buttons.append(PhoneButton(rect, label, event))
    }

    /// The status bar along the top: carrier, time, battery.
    mutating func statusBar(minutes: Int) {
        let bar = band(0, 26)
        fill(bar, .black(0.55))
        let y = bar.midY - Float(4 * body)
        text("Interlude", x: size(10), y: y, scale: body)
        text(PhoneCanvas.clockText(minutes), centerX: width / 2, y: y, scale: body)
        let battery = "100%"
        text(battery, x: width - size(10) - PhoneShape.width(of: battery, scale: body), y: y, scale: body)
    }

    /// "9:41" for 581 minutes since midnight.
    static func clockText(_ minutes: Int) -> String {
        let minute = minutes % 60
        return "\(minutes / 60):\(minute < 10 ? "0" : "")\(minute)"
    }
}
