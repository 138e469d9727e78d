// ShaderSources: the text assets of the renderer: the GLSL 330 core sources of its three programs and its
// bitmap font. The renderer reads no files; hosts load these from Assets/ with `init(reading:)`.

/// The vertex and fragment sources of the world, sprite and screen programs, and the font text.
public struct ShaderSources: Hashable, Sendable {
    /// Textured, lit level geometry.
    public var worldVertex: String
    /// Textured, lit level geometry.
    public var worldFragment: String
    /// Alpha-tested billboards and corpses.
    public var spriteVertex: String
    /// Alpha-tested billboards and corpses.
    public var spriteFragment: String
    /// Textured quads in pixel coordinates: weapon, status bar, HUD text, rectangles.
    public var screenVertex: String
    /// Textured quads in pixel coordinates: weapon, status bar, HUD text, rectangles.
    public var screenFragment: String
    /// The HUD and overlay font in the text format of `BitmapFont(parsing:)`.
    public var font: String

    /// The asset paths, relative to the assets folder, in the order of the properties above.
    public static let assetPaths = [
        "Shaders/world.vert", "Shaders/world.frag", "Shaders/sprite.vert", "Shaders/sprite.frag",
        "Shaders/screen.vert", "Shaders/screen.frag", "Fonts/interlude-8x8.font",
    ]

    /// Creates the sources from their text.
    public init(
        worldVertex: String, worldFragment: String, spriteVertex: String, spriteFragment: String,
        screenVertex: String, screenFragment: String, font: String
    ) {
        self.worldVertex = worldVertex
        self.worldFragment = worldFragment
        self.spriteVertex = spriteVertex
        self.spriteFragment = spriteFragment
        self.screenVertex = screenVertex
        self.screenFragment = screenFragment
        self.font = font
    }

    /// Creates the sources by asking `read` for the text of each of `assetPaths`,
    /// e.g. `try ShaderSources(reading: assets.text)`.
    public init(reading read: (String) throws -> String) rethrows {
        let paths = Self.assetPaths
        self.init(
            worldVertex: try read(paths[0]), worldFragment: try read(paths[1]), spriteVertex: try read(paths[2]),
            spriteFragment: try read(paths[3]), screenVertex: try read(paths[4]), screenFragment: try read(paths[5]),
            font: try read(paths[6]))
    }
}
