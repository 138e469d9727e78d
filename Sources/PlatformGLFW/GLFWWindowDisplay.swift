// GLFWWindowDisplay: a game's renderer in a desktop window. It draws into the renderer's framebuffer and blits it
// to the window, so that releasing and restoring surfaces means the same here as offscreen. The window's
// OpenGL context is current on the thread that made the display (the main thread); call it from there only.
// Callbacks are in GLFWWindowDisplay+Callbacks.swift, captures and screenshots in GLFWWindowDisplay+Images.swift.

import CGL
import CGLFW
import Foundation
import GLHost
import Runtime

/// A GLFW window with an OpenGL 3.3 core context, shown through the `Display` port, drawing a game's scenes with its
/// `SceneRenderer`. Public because it is the window host a game plays in.
public final class GLFWWindowDisplay<Renderer: SceneRenderer>: RendererDisplay {
    public typealias Scene = Renderer.Scene

    /// The GLFW window (`GLFWwindow*`).
    public let window: OpaquePointer
    /// The title given at creation; `showStatus` appends the app's state to it.
    public let title: String
    /// The renderer, made with the window's context current.
    public private(set) var renderer: Renderer
    /// Makes the renderer (at `init`, and again after a lost context: `recreateGLObjects`).
    let makeRenderer: () throws -> Renderer
    /// Times the renderer's GL objects were made again after a lost context (`recreateGLObjects`).
    public internal(set) var contextRecreations = 0
    /// GL entries refused by the gates of renderers replaced by `recreateGLObjects`.
    var refusedByLostRenderers: [String] = []
    /// Problems met by `recreateGLObjects` (the old renderer is kept then).
    public internal(set) var contextProblems: [String] = []
    /// Calls to `present`, drawn or not.
    public private(set) var presentedFrames = 0
    /// Encodes captures and screenshots (e.g. Services' `PNGFile.write`); nil: frames are only hashed.
    public var imageWriter: ImageWriter? {
        get { frames.imageWriter }
        set { frames.imageWriter = newValue }
    }
    /// Where captures (`<name>.png`) and screenshots (`interlude-N.png`) go.
    public var outputDirectory: String {
        get { frames.outputDirectory ?? "." }
        set { frames.outputDirectory = newValue }
    }
    /// What went wrong without stopping the display (an image that could not be written), oldest first.
    public var problems: [String] { frames.problems }
    let events = WindowEventQueue()
    var frames = FrameKeeper(outputDirectory: ".", imageWriter: nil)  // hashes, the kept picture, image files
    var screenshotCount = 0  // screenshots written so far
    var surfaceSize = (width: 0, height: 0)  // pixels of the renderer's framebuffer, valid while it has surfaces
    private var shownStatus: String?  // the suffix now in the window title; nil: the bare title
    /// The scene the framebuffer holds, with the renderer's counts when it was drawn; nil: unknown (none drawn yet).
    var sceneOnScreen: (scene: Scene, drawn: Int, surfaces: Int)?
    /// The phone's OS screens and bar (`attachPhone`); nil: the window shows the app alone.
    public internal(set) var phone: WindowPhone?
    /// The OS's screens over captures, kept images and screenshots (set by `attachPhone`); nil: the app's frame alone.
    public var systemLayer: (any SystemLayer)?

    /// Opens a `width` x `height` window titled `title` with an OpenGL 3.3 core context, current on this
    /// thread (llvmpipe without rasteriser threads unless `LP_NUM_THREADS` is set: `RasterizerThreads`), then makes
    /// the renderer with `makeRenderer` (the context current) and its surfaces at the framebuffer size.
    public init(
        width: Int = 1280, height: Int = 720, title: String = "Interlude",
        makeRenderer: @escaping () throws -> Renderer
    ) throws {
        // Before glfwInit, which loads the GL driver: llvmpipe reads it once (issue 11's hang needs its threads).
        RasterizerThreads.preferNone()
        guard glfwInit() == GLFW_TRUE else {
            let detail = Self.lastError()
            if ProcessInfo.processInfo.environment["DISPLAY", default: ""].isEmpty { throw WindowError.noDisplay }
            throw WindowError.initializationFailed(detail)
        }
        glfwDefaultWindowHints()
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3)
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3)
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE)
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE)
        guard let window = glfwCreateWindow(Int32(width), Int32(height), title, nil, nil) else {
            throw WindowError.windowCreationFailed(Self.lastError())
        }
        glfwMakeContextCurrent(window)
        glfwSwapInterval(1)
        do {
            renderer = try makeRenderer()
        } catch {
            glfwDestroyWindow(window)
            throw error
        }
        self.window = window
        self.title = title
        self.makeRenderer = makeRenderer
        let size = framebufferSize
        makeSurfaces(width: size.width, height: size.height)
        installCallbacks()
    }

    deinit {
        glfwSetWindowUserPointer(window, nil)
        glfwDestroyWindow(window)
    }

    /// The framebuffer's size in pixels; 0 x 0 while the window is iconified.
    public var framebufferSize: (width: Int, height: Int) {
        var width: Int32 = 0
        var height: Int32 = 0
        glfwGetFramebufferSize(window, &width, &height)
        return (Int(width), Int(height))
    }

    /// Draws `scene` into the framebuffer (resized to the window's first), blits it to the window, waits for it and
    /// swaps.
    /// With a phone attached, it only draws: `showPhone` puts the frame, the OS's screen and the bar on the window.
    public func present(_ scene: Scene) {
        presentedFrames += 1
        makeCurrent()
        let size = viewSize
        guard size.width > 0, size.height > 0 else { return }
        if renderer.hasSurfaces { makeSurfaces(width: size.width, height: size.height) }
        renderer.draw(scene)
        remember(scene)
        guard phone == nil else { return }
        renderer.blitToWindow(width: size.width, height: size.height)
        guard !renderer.gate.isForbidden else { return }
        // Wait for the frame before the swap: Mesa 22.3's llvmpipe may otherwise free a frame's fence while a
        // rasteriser thread still signals it, a use after free that hung replays (issue 11; OffscreenDisplay.present).
        renderer.finish()
        glfwSwapBuffers(window)
    }

    /// True when the framebuffer holds exactly `scene`'s drawing: drawn last, and since then no other drawing and no
    /// new framebuffer (made again after the background, or resized), which starts out empty.
    public func holds(_ scene: Scene) -> Bool {
        guard let sceneOnScreen, renderer.hasSurfaces else { return false }
        return sceneOnScreen.drawn == renderer.framesDrawn && sceneOnScreen.surfaces == renderer.surfaceCreations
            && sceneOnScreen.scene == scene
    }

    /// Notes that `scene` was just drawn: the framebuffer holds it if it exists and the draw was allowed.
    func remember(_ scene: Scene) {
        sceneOnScreen =
            renderer.hasSurfaces && !renderer.gate.isForbidden
            ? (scene, renderer.framesDrawn, renderer.surfaceCreations) : nil
    }

    /// Waits for the GPU (`glFinish`).
    public func finishGL() {
        makeCurrent()
        renderer.finish()
    }

    /// Keeps a CPU copy of the last frame (what the app switcher shows; iOS takes it after `didEnterBackground`),
    /// then deletes the framebuffer and its renderbuffers; shaders, textures and meshes stay.
    public func releaseSurfaces() {
        makeCurrent()
        if renderer.hasSurfaces {
            frames.keep(renderer.readPixels(), width: surfaceSize.width, height: surfaceSize.height)
        }
        renderer.releaseSurfaces()
    }

    /// Re-creates the framebuffer at the window's current size.
    public func restoreSurfaces() {
        makeCurrent()
        let size = viewSize
        makeSurfaces(width: size.width, height: size.height)
    }

    /// The GL context was lost (Android's EGL context loss, simulated): every GL object of the app's renderer is
    /// made again, on this (the GL) thread, as OffscreenDisplay does. The window's context itself stays (GLFW cannot
    /// lose it): a new renderer (every shader, texture and buffer; the level meshes on its next draw) and its
    /// framebuffer at the view's size; the old renderer's names are not used again (nor deleted, as after a real
    /// loss). Its gate's state carries over; the CPU copy kept for the switcher stays.
    public func recreateGLObjects() {
        makeCurrent()
        let lostGate = renderer.gate
        let made: Renderer
        do {
            made = try makeRenderer()
        } catch {
            contextProblems.append("recreating the GL objects after a lost context failed: \(error)")
            return
        }
        refusedByLostRenderers += lostGate.violations
        renderer = made
        if lostGate.isForbidden { renderer.gate.forbid() }
        sceneOnScreen = nil
        contextRecreations += 1
        let size = viewSize
        surfaceSize = (0, 0)
        makeSurfaces(width: size.width, height: size.height)
    }

    /// Every GL entry refused so far, by this renderer's gate and by those replaced after a lost context.
    public var refusedGLCalls: [String] { refusedByLostRenderers + renderer.gate.violations }

    /// Makes the window's context current on this thread, unless it already is.
    func makeCurrent() {
        if glfwGetCurrentContext() != window { glfwMakeContextCurrent(window) }
    }

    /// The game view's size in pixels: the framebuffer, less the phone bar under it when a phone is attached.
    public var viewSize: (width: Int, height: Int) {
        let size = framebufferSize
        guard let phone else { return size }
        return (size.width, max(0, size.height - phone.barHeight))
    }

    /// Makes (or resizes) the renderer's framebuffer. An iconified window has no size: the last one is kept,
    /// and `present` resizes once the window is shown again.
    func makeSurfaces(width: Int, height: Int) {
        let known = surfaceSize.width > 0 ? surfaceSize : (width: 1280, height: 720)
        let size = width > 0 && height > 0 ? (width: width, height: height) : known
        renderer.makeSurfaces(width: size.width, height: size.height)
        if renderer.hasSurfaces { surfaceSize = size }
    }

    /// Shows `status` in the title bar ("Interlude — inactive(call)"), or the bare title for nil. No GL, so it
    /// works in every state: outside `active` the runtime presents no frames and the picture stands still.
    public func showStatus(_ status: String?) {
        guard status != shownStatus else { return }
        shownStatus = status
        glfwSetWindowTitle(window, status.map { "\(title) — \($0)" } ?? title)
    }

    /// True once the user has asked to close the window and the app has let it (see `close()`).
    public var shouldClose: Bool { glfwWindowShouldClose(window) == GLFW_TRUE }

    /// Marks the window to be closed; it disappears when the display is released.
    public func close() { glfwSetWindowShouldClose(window, GLFW_TRUE) }

    /// Hides the window at once (it is destroyed when the display is released).
    public func hide() { glfwHideWindow(window) }

    static func lastError() -> String {
        var description: UnsafePointer<CChar>? = nil
        let code = glfwGetError(&description)
        return description.map { String(cString: $0) } ?? "GLFW error \(code)"
    }
}
