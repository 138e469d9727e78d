// Display: the port through which the runtime shows frames. Platforms implement it around the renderer
// (PlatformEGL offscreen, PlatformGLFW in a window); RecordingDisplay is the GL-free version for tests.
// The runtime calls these only while GL is allowed, except `keptImage`, which must not touch GL,
// and tells the display when GL is forbidden, so that a call bypassing the runtime is refused too.

import Lifecycle

/// A captured frame as the transcript names it (CONTRACT §8 `frame`).
public struct Frame: Hashable, Sendable {
    public let file: String?  // file name (not path) of the PNG written, nil when nothing was written
    public let hash: String  // 16 hex digits (FNV-1a 64) of the RGBA pixels, or of the scene when not rendered

    public init(file: String?, hash: String) {
        self.file = file
        self.hash = hash
    }
}

/// Where the runtime's frames go: the port a host implements around a game's renderer. Every method but `keptImage`
/// may issue GL calls, and the runtime calls them only on its own thread while GL is allowed.
public protocol Display<Scene>: AnyObject {
    /// What the display draws: the game's `LifecycleGame.Scene`.
    associatedtype Scene: GameScene
    /// Draws one frame of `scene` and shows it (swap, or keep it in the offscreen framebuffer).
    func present(_ scene: Scene)
    /// Shows one frame of the scene `makeScene` builds: what the runtime calls. A display that draws or keeps the
    /// scene presents `makeScene()` (the default); one that needs no scene (`RecordingDisplay(keepsScenes: false)`)
    /// records the call without building it, so a run nobody watches builds no scene at all.
    func present(building makeScene: () -> Scene)
    /// Waits for all submitted GL work (`glFinish`) and keeps a CPU copy of the last frame,
    /// like the app-switcher snapshot iOS takes as an app leaves the foreground.
    func finishGL()
    /// Deletes framebuffers and renderbuffers; meshes, textures and shaders stay.
    func releaseSurfaces()
    /// Re-creates what `releaseSurfaces` deleted.
    func restoreSurfaces()
    /// The GL context was lost (Android's EGL context loss, a recreated activity): every GL object it held is gone
    /// (shaders, textures, buffers, framebuffers). Create them all again, without deleting the old names (they
    /// belong to no context any more), so that the next frame draws as before the loss.
    func recreateGLObjects()
    /// Draws `scene`, reads it back and writes it as `name`.png; returns what the transcript shows.
    func capture(_ name: String, scene: Scene) -> Frame
    /// Writes the CPU copy kept by the last `releaseSurfaces` (the switcher picture) as `name`.png, without any GL call.
    func keptImage(_ name: String) -> Frame?
    /// From now on the display's own gate refuses every GL call (the second line of defence behind the runtime).
    func forbidGL()
    /// GL calls are admitted again.
    func allowGL()
    /// Every GL entry the display's gate has refused so far, oldest first.
    var refusedGLCalls: [String] { get }
}

extension Display {
    /// A display draws every scene it is given.
    public func present(building makeScene: () -> Scene) { present(makeScene()) }

    /// A display whose only GL objects are its surfaces recreates them. A display that keeps shaders, textures or
    /// buffers must implement `recreateGLObjects` itself.
    public func recreateGLObjects() {
        releaseSurfaces()
        restoreSurfaces()
    }

    /// A display without a gate of its own relies on the runtime's guard alone.
    public func forbidGL() {}
    public func allowGL() {}
    public var refusedGLCalls: [String] { [] }
}
