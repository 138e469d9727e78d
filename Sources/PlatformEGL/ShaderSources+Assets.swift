// ShaderSources+Assets: loads the renderer's shader text from Assets/Shaders.

import Renderer
import Services

extension ShaderSources {
    /// Reads Shaders/world.vert, world.frag, flat.vert, flat.frag, text.vert and text.frag from `assets`.
    public static func load(from assets: AssetDirectory) throws -> ShaderSources {
        try ShaderSources(reading: assets.text)
    }
}
