// ShaderSources+Assets: loads the renderer's shader and font text from Assets/Shaders and Assets/Fonts.

import Renderer
import Services

extension ShaderSources {
    /// Reads Shaders/world.vert, world.frag, flat.vert, flat.frag, text.vert, text.frag and
    /// Fonts/interlude-8x8.font from `assets`.
    public static func load(from assets: AssetDirectory) throws -> ShaderSources {
        try ShaderSources(reading: assets.text)
    }
}
