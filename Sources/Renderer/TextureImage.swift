// TextureImage: one texture as the host decoded it (RGBA8 bytes, top row first) and the name levels and
// sprite kinds use for it. The renderer reads no files: hosts decode Assets/Textures/NAME.png into these.

/// An RGBA8 image to upload as the texture `name`, e.g. "wall-metal".
public struct TextureImage: Hashable, Sendable {
    /// The name levels and sprite kinds refer to (the file name without `.png`).
    public var name: String
    /// Pixels per row.
    public var width: Int
    /// Rows.
    public var height: Int
    /// width * height * 4 bytes, RGBA, top row first.
    public var rgba: [UInt8]

    /// Creates an image; `rgba` must hold width * height * 4 bytes (others are rejected at upload).
    public init(name: String, width: Int, height: Int, rgba: [UInt8]) {
        self.name = name
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// True when the byte count matches the size and the size is positive.
    public var isWellFormed: Bool { width > 0 && height > 0 && rgba.count == width * height * 4 }

    /// Whether the texture repeats (world surfaces) or is clamped at its edges (sprites, the weapon, the
    /// muzzle flash, whose names start with `sprite-`, `weapon-` or `muzzle-`).
    public var repeats: Bool { !(name.hasPrefix("sprite-") || name.hasPrefix("weapon-") || name.hasPrefix("muzzle-")) }
}
