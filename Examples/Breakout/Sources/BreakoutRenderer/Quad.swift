// Quad: what the renderer draws, and all it draws: rectangles in pixels (top-left origin), flat colours, some of
// them round (the ball, the lives). FramePainter turns a scene into a list of them without GL; the renderer uploads
// the list and draws it in one call.

/// A colour, each channel 0...1, alpha 1 for opaque.
public struct Color: Hashable, Sendable {
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

    /// This colour with each channel scaled by `factor` (alpha kept): darker below 1, lighter above.
    public func scaled(_ factor: Float) -> Color {
        Color(min(1, red * factor), min(1, green * factor), min(1, blue * factor), alpha)
    }

    /// This colour mixed with white by `amount` (0: unchanged, 1: white).
    public func lightened(_ amount: Float) -> Color {
        Color(red + (1 - red) * amount, green + (1 - green) * amount, blue + (1 - blue) * amount, alpha)
    }
}

/// A rectangle in framebuffer pixels (x right, y down from the top-left corner) filled with `color`, or, when
/// `isRound`, the ellipse inscribed in it.
public struct Quad: Hashable, Sendable {
    public var x: Float
    public var y: Float
    public var width: Float
    public var height: Float
    public var color: Color
    public var isRound: Bool

    public init(x: Float, y: Float, width: Float, height: Float, color: Color, isRound: Bool = false) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.color = color
        self.isRound = isRound
    }
}
