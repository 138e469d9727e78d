// GLHost — what the GL hosts (PlatformEGL offscreen, PlatformGLFW in a window) need from a game's renderer, and the
// GL pieces every renderer shares: the gate that refuses GL while the app is in the background (GLGate.swift), the
// offscreen framebuffer with its read-back and blit (OffscreenSurfaces.swift), the frame hash (FrameHash.swift), and
// llvmpipe's rasteriser threads, chosen before the first context (RasterizerThreads.swift).
// Imports CGL (re-exported: a game's renderer calls GL through this module) and Runtime only (and Glibc, for the
// environment). A renderer needs a GL 3.3 core context current on the calling thread for its whole
// life (the host's one GL thread); never call it across an await.

@_exported import CGL  // a renderer gets the GL 3.3 core API with `import GLHost`
import Runtime

/// A game's GL renderer, as a host drives it: it draws the game's `Scene` into its own offscreen framebuffer, which
/// the host reads back (captures, the app-switcher picture) or blits to a window. Every method asks `gate` first and
/// issues no GL call when refused: a GL call while backgrounded is recorded, never made.
public protocol SceneRenderer<Scene>: AnyObject {
    /// What it draws: the game's `LifecycleGame.Scene`. Equatable, so that a host can skip redrawing a scene the
    /// framebuffer already holds.
    associatedtype Scene: GameScene & Equatable
    /// The guard every entry point asks before issuing GL.
    var gate: GLGate { get }
    /// True while the framebuffer exists (between `makeSurfaces` and `releaseSurfaces`).
    var hasSurfaces: Bool { get }
    /// Frames drawn so far, and framebuffers created so far: a host knows from them whether the framebuffer still
    /// holds the scene it drew last.
    var framesDrawn: Int { get }
    var surfaceCreations: Int { get }
    /// Creates the framebuffer at `width` x `height` pixels (nothing if it exists at that size; replaced otherwise).
    func makeSurfaces(width: Int, height: Int)
    /// Deletes the framebuffer only: shaders, textures and meshes stay (what iOS asks of a backgrounded app).
    func releaseSurfaces()
    /// Renders `scene` into the framebuffer. Needs surfaces.
    func draw(_ scene: Scene)
    /// The framebuffer's pixels as RGBA8, top row first; empty without surfaces or while GL is forbidden.
    func readPixels() -> [UInt8]
    /// Copies the framebuffer to the window's default framebuffer, scaled to `width` x `height`.
    func blitToWindow(width: Int, height: Int)
    /// Waits until the GPU has finished all submitted work (`glFinish`).
    func finish()
}

/// A renderer that draws into GLHost's `OffscreenSurfaces`: what it reads back, blits to a window and waits for is
/// the same for every such renderer, each behind the gate. A renderer says where its framebuffer is and gets the rest.
public protocol OffscreenSurfaceRenderer: SceneRenderer {
    /// The framebuffer, nil while released.
    var offscreenSurfaces: OffscreenSurfaces? { get }
}

extension OffscreenSurfaceRenderer {
    public var hasSurfaces: Bool { offscreenSurfaces != nil }

    /// The framebuffer's pixels as RGBA8, top row first (width * height * 4 bytes); empty without surfaces or while
    /// GL is forbidden.
    public func readPixels() -> [UInt8] {
        guard gate.admit("readPixels"), let surfaces = offscreenSurfaces else { return [] }
        return surfaces.readPixels()
    }

    /// Copies the framebuffer to the default framebuffer (the window), scaled to `width` x `height`.
    public func blitToWindow(width: Int, height: Int) {
        guard gate.admit("blitToWindow"), let surfaces = offscreenSurfaces else { return }
        surfaces.blitToWindow(width: width, height: height)
    }

    /// Waits until the GPU has finished all submitted work (`glFinish`).
    public func finish() {
        guard gate.admit("finish") else { return }
        glFinish()
    }
}
