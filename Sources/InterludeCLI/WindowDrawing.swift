// WindowDrawing: how a game draws in a desktop window (PlatformGLFW), given by its entry (GameEntry.windowDrawing):
// its renderer, made once the window's GL context is current, and its keys. `play` opens the window with it, puts the
// phone around the game (its screens and bar, in Interlude's font) and runs the real-time loop.

import GLHost
import Lifecycle
import PhoneScreens
import PlatformGLFW
import Runtime
import Storage

/// A game's drawing in a window, its renderer's type erased so that an entry can name it without generics.
public struct WindowDrawing<Game: LifecycleGame> {
    /// The window's title.
    public var title: String
    /// The game's keys and mouse (DesktopControls: the app shell's keys only by default).
    public var controls: DesktopControls<Game>
    /// What `play --demo` does: nil, no demo.
    public var demo: WindowDemo<Game>?
    let open: (_ width: Int, _ height: Int, _ title: String) throws -> OpenWindow<Game>

    /// A window drawn by the renderer `makeRenderer` returns; it is called with the window's GL context current.
    public init<Renderer: SceneRenderer>(
        title: String, controls: DesktopControls<Game> = .init(), demo: WindowDemo<Game>? = nil,
        makeRenderer: @escaping () throws -> Renderer
    ) where Renderer.Scene == Game.Scene {
        self.title = title
        self.controls = controls
        self.demo = demo
        open = { width, height, title in
            let display = try GLFWWindowDisplay(width: width, height: height, title: title, makeRenderer: makeRenderer)
            display.imageWriter = writePNG
            return OpenWindow(
                display: display,
                attachPhone: { try display.attachPhone(profile: $0, font: .builtin) },
                run: { runtime, controls, frames, onFrame in
                    GLFWPlatform(display: display, runtime: runtime, controls: controls).run(maxFrames: frames) { _ in
                        onFrame()
                    }
                },
                screenshot: { runtime, path in try screenshot(display, runtime.scene, to: path) })
        }
    }
}

/// A game that plays itself in the window (`play --demo`): for screenshots and a first look.
public struct WindowDemo<Game: LifecycleGame> {
    /// The player's actions once the app is launched (start a level, ...).
    public var actions: [Game.Action]
    /// Called after every loop iteration, to hold or release controls as a player would; `makePilot` gives a fresh
    /// one per session.
    public var makePilot: () -> (Runtime<Game>) -> Void

    public init(actions: [Game.Action], makePilot: @escaping () -> (Runtime<Game>) -> Void = { { _ in } }) {
        self.actions = actions
        self.makePilot = makePilot
    }
}

/// A window made by a `WindowDrawing`, with what `play` does with it.
struct OpenWindow<Game: LifecycleGame> {
    let display: any Display<Game.Scene>
    let attachPhone: (Profile) throws -> Void
    let run: (Runtime<Game>, DesktopControls<Game>, Int?, @escaping () -> Void) -> Void
    /// Writes what the window shows to a PNG file; returns what was written, for the player.
    let screenshot: (Runtime<Game>, String) throws -> String
}

/// Writes what `display` shows to `path`: `scene` drawn afresh while GL is allowed, else the frame kept when the
/// app left the foreground (no GL call while backgrounded).
private func screenshot<Renderer: SceneRenderer>(
    _ display: GLFWWindowDisplay<Renderer>, _ scene: Renderer.Scene, to path: String
) throws -> String {
    let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
    var name = String(path.split(separator: "/").last ?? "")
    if name.hasSuffix(".png") { name.removeLast(4) }
    if !display.renderer.gate.isForbidden, display.renderer.hasSurfaces {
        display.outputDirectory = folder
        let frame = display.capture(name, scene: scene)
        if frame.file != nil { return "screenshot: \(path) (frame \(frame.hash))" }
    }
    guard let kept = display.keptFrame else {
        throw ScreenshotError(description: "no frame to write to \(path): \(display.problems.joined(separator: "; "))")
    }
    try writePNG(kept.pixels, kept.width, kept.height, path)
    return "screenshot: \(path) (the frame kept when the app left the foreground)"
}

/// `--screenshot` could not be written.
struct ScreenshotError: Error, CustomStringConvertible {
    let description: String
}
