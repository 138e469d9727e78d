// PhoneFont: the 8x8 bitmap font as an atlas image: 16 glyphs across, 6 down (128 x 48 texels), character codes
// 32...126 in order from the top-left, ink in the alpha channel (what the shooter's renderer uploads; ShooterPlatform
// passes it from Assets/Fonts/interlude-8x8.font). The compositor samples it nearest, at whole-number scales.

/// The font atlas and where each character's glyph lies in it.
public struct PhoneFont: Sendable {
    /// RGBA8 texels, top row first; ink where alpha is 255.
    public let rgba: [UInt8]
    /// Texels across (128) and down (48).
    public let width: Int
    public let height: Int
    static let glyphsAcross = 16
    static let firstCode: UInt32 = 32
    static let lastCode: UInt32 = 126
    static let fallbackCode: UInt32 = 63  // '?'

    /// A font from its atlas; nil unless it is 128 x 48 RGBA texels.
    public init?(atlasRGBA rgba: [UInt8], width: Int, height: Int) {
        guard width == 128, height == 48, rgba.count == width * height * 4 else { return nil }
        self.rgba = rgba
        self.width = width
        self.height = height
    }

    /// The glyph's texel rectangle (x, y of its top-left corner) for `character`; '?' for a character without one.
    static func slot(of character: Character) -> (x: Int, y: Int) {
        let scalar = character.unicodeScalars.first?.value ?? fallbackCode
        let code =
            (firstCode...lastCode).contains(scalar) && character.unicodeScalars.count == 1 ? scalar : fallbackCode
        let index = Int(code - firstCode)
        return (index % glyphsAcross * 8, index / glyphsAcross * 8)
    }
}
