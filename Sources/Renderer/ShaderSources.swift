// ShaderSources: the text assets of the renderer: the GLSL 330 core sources of its three programs and its
// bitmap font. The renderer reads no files; hosts load these from Assets/ with `init(reading:)`.

/// The vertex and fragment sources of the world, flat (tint and backings) and text programs, and the font text.
public struct ShaderSources: Hashable, Sendable {
    /// Lit level geometry and sprite boxes.
    public var worldVertex: String
    /// Lit level geometry and sprite boxes.
    public var worldFragment: String
    /// Solid translucent rectangles in pixel coordinates.
    public var flatVertex: String
    /// Solid translucent rectangles in pixel coordinates.
    public var flatFragment: String
    /// Bitmap-font glyphs in pixel coordinates.
    public var textVertex: String
    /// Bitmap-font glyphs in pixel coordinates.
    public var textFragment: String
    /// The HUD and overlay font in the text format of `BitmapFont(parsing:)`.
    public var font: String

    /// The asset paths, relative to the assets folder, in the order of the properties above.
    public static let assetPaths = [
        "Shaders/world.vert", "Shaders/world.frag", "Shaders/flat.vert", "Shaders/flat.frag", "Shaders/text.vert",
        "Shaders/text.frag", "Fonts/interlude-8x8.font",
    ]

    /// Creates the sources from their text.
    public init(
        worldVertex: String, worldFragment: String, flatVertex: String, flatFragment: String, textVertex: String,
        textFragment: String, font: String
    ) {
        self.worldVertex = worldVertex
        self.worldFragment = worldFragment
        self.flatVertex = flatVertex
        self.flatFragment = flatFragment
        self.textVertex = textVertex
        self.textFragment = textFragment
        self.font = font
    }

    /// Creates the sources by asking `read` for the text of each of `assetPaths`,
    /// e.g. `try ShaderSources(reading: assets.text)`.
    public init(reading read: (String) throws -> String) rethrows {
        let paths = Self.assetPaths
        self.init(
            worldVertex: try read(paths[0]), worldFragment: try read(paths[1]), flatVertex: try read(paths[2]),
            flatFragment: try read(paths[3]), textVertex: try read(paths[4]), textFragment: try read(paths[5]),
            font: try read(paths[6]))
    }
}
