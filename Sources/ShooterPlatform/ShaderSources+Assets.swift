// ShaderSources+Assets: loads the renderer's shader and font text from Assets/Shaders and Assets/Fonts, and its
// textures from Assets/Textures.

import Renderer

extension ShaderSources {
    /// Reads Shaders/world.vert, world.frag, sprite.vert, sprite.frag, screen.vert, screen.frag and
    /// Fonts/interlude-8x8.font from `assets`.
    public static func load(from assets: AssetDirectory) throws -> ShaderSources {
        try ShaderSources(reading: assets.text)
    }
}

extension TextureImage {
    /// Decodes every Textures/*.png of `assets` (named by file name without `.png`); throws for a bad file.
    public static func load(from assets: AssetDirectory) throws -> [TextureImage] {
        try assets.images().map { TextureImage(name: $0.name, width: $0.width, height: $0.height, rgba: $0.rgba) }
    }
}
