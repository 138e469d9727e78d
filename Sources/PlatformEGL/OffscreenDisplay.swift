// PlatformEGL: the headless host, for any game. OffscreenDisplay is the Display the runtime drives in replays, CI and
// tests: a surfaceless EGL context (EGLOffscreenContext), a game's SceneRenderer drawing into its framebuffer,
// captures written through an image writer (the shooter's host passes Services' PNGFile.write) and frame hashes
// (GLHost's FrameHash). It is the glue between a renderer and the runtime, like sokol_glue.
//
// Imports CEGL, GLHost, Runtime and Foundation: no game, no renderer. Everything here is synchronous on the thread
// that made the display: GL contexts are per-thread, so never call it across an await or from another thread.
// The kept image (`releaseSurfaces`, `keptImage`) is a CPU copy, so writing it while backgrounded issues no GL call of
// the app's; a `systemLayer` (the phone's OS screens) composes captures with GL of its own.
// Start reading at OffscreenDisplay below, then EGLOffscreenContext.swift and ShaderSources+Assets.swift.

import Foundation
import GLHost
import Runtime

/// A Display that renders a game's scenes offscreen through EGL, hashes captured frames and writes them as images.
/// Public because it is the headless host a game's replays and tests run on.
public final class OffscreenDisplay<Renderer: SceneRenderer>: RendererDisplay {
    public typealias Scene = Renderer.Scene

    /// Framebuffer width in pixels.
    public let width: Int
    /// Framebuffer height in pixels.
    public let height: Int
    /// Where `capture` and `keptImage` write `<name>.png`; nil writes nothing.
    public var outputDirectory: String? { frames.outputDirectory }
    /// The headless GL context, current on the thread that made the display (a new one after `recreateGLObjects`).
    public private(set) var context: EGLOffscreenContext
    /// The renderer drawing into the framebuffer (a new one after `recreateGLObjects`).
    public private(set) var renderer: Renderer
    /// How the renderer is made: at init, and again in a new context after a context loss.
    private let makeRenderer: () throws -> Renderer
    /// GL entries refused by the gates of renderers lost with their context (`refusedGLCalls` keeps them).
    private var refusedByLostRenderers: [String] = []
    /// Contexts lost and made again (`recreateGLObjects`).
    public private(set) var contextRecreations = 0
    /// Calls to `present`, drawn or not.
    public private(set) var presentedFrames = 0
    /// What went wrong without stopping the display (a lost context; then images not written), in order.
    public var problems: [String] { contextProblems + frames.problems }
    private var contextProblems: [String] = []
    private var frames: FrameKeeper  // hashes, the kept switcher picture, image files
    /// Draw every presented scene, even one equal to what the framebuffer holds (benchmarks, comparisons).
    public var redrawsUnchangedScenes = false
    /// Presents of a scene equal to the framebuffer's, not drawn again.
    public private(set) var unchangedFramesSkipped = 0
    // What the framebuffer holds, when it is exactly that scene's drawing, with the renderer's counts at the time.
    private var sceneOnScreen: (scene: Scene, drawn: Int, surfaces: Int)?

    /// The renderer's GL guard.
    public var gate: GLGate { renderer.gate }
    /// The system's screens (the phone's OS) drawn over captured frames, so that a capture and its hash show what the
    /// user sees; nil: the app's frame alone. It draws with GL of its own, also while the app is forbidden GL.
    public var systemLayer: (any SystemLayer)?

    /// Creates the EGL context (current on this thread), then the renderer with `makeRenderer` (the context is current
    /// while it runs), and `width` x `height` surfaces; creates `outputDirectory` if it is missing. Captures are
    /// written there through `imageWriter` (nil: hashed only).
    public init(
        width: Int, height: Int, outputDirectory: String?, imageWriter: ImageWriter?,
        makeRenderer: @escaping () throws -> Renderer
    ) throws {
        if let outputDirectory {
            try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
        }
        self.width = width
        self.height = height
        frames = FrameKeeper(outputDirectory: outputDirectory, imageWriter: imageWriter)
        context = try EGLOffscreenContext()
        self.makeRenderer = makeRenderer
        renderer = try makeRenderer()
        renderer.makeSurfaces(width: width, height: height)
        guard renderer.hasSurfaces else { throw DisplayError.noFramebuffer(width: width, height: height) }
    }

    /// Draws `scene` into the framebuffer and waits until it is rasterised (`glFinish`). Not `glFlush` alone (issue 11):
    /// Mesa 22.3's llvmpipe hands a finished frame's scene back for reuse as soon as its fence's counter says done, read
    /// without the fence's lock (`lp_setup_get_empty_scene` → `lp_fence_signalled`), and frees the fence while the last
    /// rasteriser thread may still be inside `lp_fence_signal`'s `cnd_broadcast` on it. The 112-byte block was then
    /// reused by our next frame's HUD strings, the thread waited for ever on a lock word that read "ball", and the
    /// replay hung. Waiting for every frame keeps the next frame from overtaking the rasteriser, which shrinks that
    /// window to a thread descheduled for a whole frame (`llvmpipe_fence_finish` also skips the lock once the counter
    /// says done); only llvmpipe without rasteriser threads (`LP_NUM_THREADS=0`, what the context asks for unless
    /// the user set it: `RasterizerThreads`) or a fixed Mesa closes it. Without any flush llvmpipe would keep every
    /// frame's commands: 2 GiB after 4,000 frames.
    /// A scene equal to the one the framebuffer already holds is not drawn again (unless `redrawsUnchangedScenes`):
    /// a frame is a clear and a full redraw of its scene, so the pixels would be the same bytes. A paused or inactive
    /// game, a menu, a frozen fight present the same scene for many frames in a row (about half of the bundled
    /// scripts' frames); the captures and frame hashes are unchanged (tested).
    public func present(_ scene: Scene) {
        presentedFrames += 1
        guard makeCurrent() else { return }
        if !redrawsUnchangedScenes, !gate.isForbidden, renderer.hasSurfaces, isShowing(scene) {
            unchangedFramesSkipped += 1
            return
        }
        renderer.draw(scene)
        guard !gate.isForbidden else { return }  // a refused draw is recorded once, as "draw"
        remember(scene)
        renderer.finish()
    }

    /// True when the framebuffer holds exactly `scene`'s drawing: we drew it last, and nothing (a test calling the
    /// renderer directly, surfaces released and made again) has drawn or made surfaces since.
    private func isShowing(_ scene: Scene) -> Bool {
        guard let sceneOnScreen else { return false }
        return sceneOnScreen.drawn == renderer.framesDrawn && sceneOnScreen.surfaces == renderer.surfaceCreations
            && sceneOnScreen.scene == scene
    }

    /// Notes that `scene` was just drawn: the framebuffer holds it if it exists and the draw was allowed.
    private func remember(_ scene: Scene) {
        sceneOnScreen =
            renderer.hasSurfaces && !gate.isForbidden ? (scene, renderer.framesDrawn, renderer.surfaceCreations) : nil
    }

    /// Waits for the GPU (`glFinish`).
    public func finishGL() {
        guard makeCurrent() else { return }
        renderer.finish()
    }

    /// Keeps a CPU copy of the framebuffer (what the app switcher shows while the app is away: iOS takes that
    /// picture after `didEnterBackground`, not at `willResignActive`, whose budget is a millisecond), then deletes
    /// the framebuffer and its renderbuffers; shaders, textures and meshes stay.
    public func releaseSurfaces() {
        guard makeCurrent() else { return }
        if renderer.hasSurfaces { frames.keep(renderer.readPixels(), width: width, height: height) }
        renderer.releaseSurfaces()
    }

    /// Re-creates the framebuffer at the display's size.
    public func restoreSurfaces() {
        guard makeCurrent() else { return }
        renderer.makeSurfaces(width: width, height: height)
    }

    /// The context was lost (Android's EGL context loss): every GL object in it is gone. The display makes a new
    /// context and, in it, a new renderer (every shader, texture and buffer made again, the level meshes on the next
    /// draw) and its surfaces; nothing of the old context is deleted or used again (its names mean nothing in the new
    /// one), and the old context is destroyed, as the platform does. The CPU copy kept for the switcher stays.
    public func recreateGLObjects() {
        let lostGate = renderer.gate
        let made: (EGLOffscreenContext, Renderer)
        do {
            let newContext = try EGLOffscreenContext()
            made = (newContext, try makeRenderer())
        } catch {
            contextProblems.append("recreating the GL objects after a lost context failed: \(error)")
            return
        }
        refusedByLostRenderers += lostGate.violations
        (context, renderer) = made
        if lostGate.isForbidden { renderer.gate.forbid() }
        sceneOnScreen = nil
        contextRecreations += 1
        renderer.makeSurfaces(width: width, height: height)
    }

    /// Every GL entry refused so far, by this renderer's gate and by those lost with their context.
    public var refusedGLCalls: [String] { refusedByLostRenderers + renderer.gate.violations }

    /// Draws `scene`, reads it back, writes `<name>.png` (when there is an output directory) and hashes the
    /// pixels. Without surfaces or GL, nothing is drawn and the hash is the scene's (as RecordingDisplay's).
    public func capture(_ name: String, scene: Scene) -> Frame {
        guard makeCurrent() else { return Frame(file: nil, hash: scene.contentHash) }
        renderer.draw(scene)
        remember(scene)
        let pixels = renderer.readPixels()
        guard pixels.count == width * height * 4 else { return Frame(file: nil, hash: scene.contentHash) }
        return frames.frame(of: (pixels, width, height), under: systemLayer, named: name + ".png")
    }

    /// Writes the copy kept by the last `releaseSurfaces` as `<name>.png`, without any GL call of the app's; nil if
    /// none. With a `systemLayer`, its screen over that copy (or over nothing, when none was kept): the layer's own GL.
    public func keptImage(_ name: String) -> Frame? {
        guard let systemLayer, makeCurrent(),
            let pixels = systemLayer.compose(over: frames.kept, width: width, height: height)
        else { return frames.keptFrame(named: name + ".png") }
        let size = systemLayer.composedSize(width: width, height: height)
        return frames.frame(of: pixels, width: size.width, height: size.height, named: name + ".png")
    }

    /// The framebuffer's pixels (RGBA, top row first), empty without surfaces or while GL is forbidden.
    public func readPixels() -> [UInt8] {
        guard makeCurrent() else { return [] }
        return renderer.readPixels()
    }

    /// Makes the context current here if another display's context took its place; records failures.
    private func makeCurrent() -> Bool {
        do {
            try context.makeCurrent()
            return true
        } catch {
            contextProblems.append("\(error)")
            return false
        }
    }
}
