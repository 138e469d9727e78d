// ShooterPlatform — the shooter on the generic hosts: its renderer made from Assets/ (shaders, font, textures), its
// captures written as PNG (Storage's `writePNG`), its assets found on disk (AssetDirectory, LevelFiles). The hosts (PlatformEGL, PlatformGLFW) know no game; this is the one
// place that puts the shooter's renderer into them, for the `interlude` command, the benchmarks and the tests.

import GLHost
import PhoneScreens
import PlatformEGL
import PlatformGLFW
import Renderer
import Runtime
import Storage

/// The shooter's renderer, by a name that stays unambiguous where hosts are generic over a `Renderer` parameter.
public typealias ShooterRenderer = Renderer

extension ShooterRenderer {
    /// Makes the shooter's renderer with the shaders, font and textures of `assets` (a GL context must be current).
    public static func make(assets: AssetDirectory) throws -> ShooterRenderer {
        try ShooterRenderer(shaders: ShaderSources.load(from: assets), textures: TextureImage.load(from: assets))
    }
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

extension PhoneFont {
    /// The phone screens' font: Fonts/interlude-8x8.font of `assets`, as the renderer's atlas.
    public static func load(from assets: AssetDirectory) throws -> PhoneFont {
        let atlas = try ShooterRenderer.fontAtlasImage(fontText: assets.text("Fonts/interlude-8x8.font"))
        // The renderer's atlas is the layout PhoneFont reads (128 x 48, codes 32...126 from the top-left).
        return PhoneFont(atlasRGBA: atlas.rgba, width: atlas.width, height: atlas.height)!
    }
}

extension OffscreenDisplay {
    /// Draws the phone's screens of `runtime` (alert, call, lock, home, switcher, ...) over every capture from now
    /// on, with the font of `assets`: captures and their hashes then show what the phone's user sees.
    public func showPhoneScreens<Game: LifecycleGame>(of runtime: Runtime<Game>, assets: AssetDirectory) throws {
        try showPhoneScreens(of: runtime, compositor: makePhoneCompositor(assets: assets))
    }

    /// The same with a compositor made before (`makePhoneCompositor`), e.g. outside a closure that cannot throw.
    public func showPhoneScreens<Game: LifecycleGame>(of runtime: Runtime<Game>, compositor: PhoneCompositor) {
        let layer = PhoneSystemLayer(compositor: compositor, runtime: runtime)
        // After a lost context (glContextLost, an Android rotation) the layer makes its compositor again.
        layer.contextGeneration = { [unowned self] in self.contextRecreations }
        systemLayer = layer
    }

    /// A compositor for this display's context, with the font of `assets`.
    public func makePhoneCompositor(assets: AssetDirectory) throws -> PhoneCompositor {
        try context.makeCurrent()
        return try PhoneCompositor(font: PhoneFont.load(from: assets))
    }
}
