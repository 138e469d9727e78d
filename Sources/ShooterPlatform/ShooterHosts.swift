// ShooterPlatform — the shooter on the generic hosts: its renderer made from Assets/ (shaders, font, textures), its
// captures written as PNG (Services' PNGFile). The hosts (PlatformEGL, PlatformGLFW) know no game; this is the one
// place that puts the shooter's renderer into them, for the `interlude` command, the benchmarks and the tests.

import GLHost
import PlatformEGL
import PlatformGLFW
import Renderer
import Services

/// The shooter's renderer, by a name that stays unambiguous where hosts are generic over a `Renderer` parameter.
public typealias ShooterRenderer = Renderer

extension ShooterRenderer {
    /// Makes the shooter's renderer with the shaders, font and textures of `assets` (a GL context must be current).
    public static func make(assets: AssetDirectory) throws -> ShooterRenderer {
        try ShooterRenderer(shaders: ShaderSources.load(from: assets), textures: TextureImage.load(from: assets))
    }
}

/// Services' PNG encoder as a host's image writer (`ImageWriter`).
public func writePNG(_ rgba: [UInt8], _ width: Int, _ height: Int, _ path: String) throws {
    try PNGFile.write(rgba: rgba, width: width, height: height, to: path)
}

extension OffscreenDisplay where Renderer == ShooterRenderer {
    /// An offscreen display drawing the shooter with the shaders and textures from `assets`, writing captures as PNG
    /// files to `outputDirectory` (created if missing; nil writes nothing).
    public convenience init(width: Int, height: Int, outputDirectory: String?, assets: AssetDirectory) throws {
        // Read and decode the assets before the context exists: a bad file fails before any GL object is made.
        let shaders = try ShaderSources.load(from: assets)
        let textures = try TextureImage.load(from: assets)
        try self.init(width: width, height: height, outputDirectory: outputDirectory, imageWriter: writePNG) {
            try ShooterRenderer(shaders: shaders, textures: textures)
        }
    }

    /// Like `init(width:height:outputDirectory:assets:)` with the assets found by `AssetDirectory.locate()`
    /// ($INTERLUDE_ASSETS, ./Assets, or the checkout this was built from).
    public convenience init(width: Int, height: Int, outputDirectory: String? = nil) throws {
        try self.init(width: width, height: height, outputDirectory: outputDirectory, assets: AssetDirectory.locate())
    }
}

extension GLFWWindowDisplay where Renderer == ShooterRenderer {
    /// Opens a window drawing the shooter with the shaders, font and textures from `assets`.
    public convenience init(
        width: Int = 1280, height: Int = 720, title: String = "Interlude", assets: AssetDirectory
    ) throws {
        let shaders = try ShaderSources.load(from: assets)
        let textures = try TextureImage.load(from: assets)
        try self.init(width: width, height: height, title: title) {
            try ShooterRenderer(shaders: shaders, textures: textures)
        }
    }
}
