// FrameLayout: where things go in a framebuffer of any size. The field (320 x 240 units, 4:3) fills the height on
// the left; a panel on the right holds the HUD (at 16:9 it is a quarter of the width). Pixel sizes are whole numbers
// and the text scale is an integer, so the 5 x 7 font stays sharp: scale 1 below 660 pixels high (640 x 360,
// 960 x 540), 2 from there (1280 x 720, or a little less under a window manager's title bar), 3 at 1920 x 1080.

/// A rectangle of whole pixels, top-left origin.
public struct PixelRect: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
}

/// The field, the panel and the text scale for a `width` x `height` framebuffer.
public struct FrameLayout: Hashable, Sendable {
    public let width: Int
    public let height: Int
    /// Pixels per field unit.
    public let unit: Float
    /// The playing field, in pixels.
    public let field: PixelRect
    /// The HUD panel right of the field.
    public let panel: PixelRect
    /// The margin around the field and the panel, in pixels.
    public let margin: Int
    /// Screen pixels per font pixel for the HUD's small text (the overlay's first line is larger).
    public let textScale: Int

    /// The layout of a `width` x `height` framebuffer showing a `fieldWidth` x `fieldHeight` field.
    public init(width: Int, height: Int, fieldWidth: Float = 320, fieldHeight: Float = 240) {
        self.width = max(1, width)
        self.height = max(1, height)
        margin = max(2, self.height / 60)
        let across = Float(self.width * 3 / 4 - 2 * margin) / max(1, fieldWidth)
        let down = Float(self.height - 2 * margin) / max(1, fieldHeight)
        unit = max(0.01, min(across, down))
        let fieldPixels = (width: Int((fieldWidth * unit).rounded()), height: Int((fieldHeight * unit).rounded()))
        field = PixelRect(
            x: margin, y: (self.height - fieldPixels.height) / 2, width: fieldPixels.width, height: fieldPixels.height)
        let panelX = field.maxX + margin
        panel = PixelRect(
            x: panelX, y: margin, width: max(0, self.width - margin - panelX), height: max(0, self.height - 2 * margin))
        textScale = max(1, (self.height + 60) / 360)
    }

    /// The pixel column of field x `units`.
    public func x(_ units: Float) -> Int { field.x + Int((units * unit).rounded()) }
    /// The pixel row of field y `units`.
    public func y(_ units: Float) -> Int { field.y + Int((units * unit).rounded()) }

    /// Characters of the HUD's small text that fit across the panel, inside its padding (`2 * textScale` a side).
    public var panelColumns: Int {
        max(1, (panel.width - 3 * textScale) / (PixelFont.advance * textScale))
    }
}
