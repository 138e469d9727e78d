// PlatformGLFW — Interlude in a desktop window (GLFW 3.3, OpenGL 3.3 core, X11).
//
// Owns: the window as a Display (GLFWWindowDisplay.swift; callbacks in +Callbacks, captures in +Images),
// what the window system says (WindowEvent.swift, folded by WindowEventCoalescer.swift), the pure rules that
// turn it into phone events and game actions (DesktopMapping.swift, keys in DesktopMapping+Keys.swift), the
// real-time clock (FrameClock.swift) and the loop (this file).
// Imports CGLFW, CGL, GLHost, Runtime, Lifecycle and Foundation: any game with a SceneRenderer plays in it; no game,
// no renderer of its own. Never import PlatformEGL.
// Everything runs on the main thread: GLFW wants it, and the GL context is current there.
// GLFW callbacks only record; events reach the runtime here, between polls. Start reading at `step`.

import CGLFW
import Foundation
import GLHost
import Lifecycle
import PhoneScreens
import Runtime

/// The real-time loop: poll the window, inject what happened, advance the runtime on the real clock. Public because
/// it is how a game plays in a window: give it the window and the runtime, call `run()`.
public final class GLFWPlatform<Game: LifecycleGame, Renderer: SceneRenderer> where Renderer.Scene == Game.Scene {
    /// The window the runtime draws into.
    public let display: GLFWWindowDisplay<Renderer>
    /// The app.
    public let runtime: Runtime<Game>
    /// The game's keys and mouse.
    public let controls: DesktopControls<Game>
    /// True once the window asked to close and the app has been walked out, or the app has terminated.
    public var isFinished: Bool { hasQuit || runtime.isTerminated || display.shouldClose }
    /// Called with every window event acted on and what it asked for (for tests, logs and debugging).
    public var onInputs: ((WindowEvent, [DesktopInput<Game>]) -> Void)?
    /// Called with every click on a phone window (where it was pressed) and what it meant.
    public var onClick: ((WindowPoint, PointerOutcome) -> Void)?
    /// Where the loop reports what the player should know (a screenshot written); standard output by default.
    public var report: (String) -> Void = { print($0) }
    private var hasQuit = false
    private var clock = FrameClock()
    private var coalescer = WindowEventCoalescer()
    private let readClock: () -> UInt64  // monotonic ns
    private var lastCursor: (x: Double, y: Double)? = nil  // pixels; nil while the cursor is not captured
    private var wasButtonDown = false  // the left mouse button, at the last poll
    private var isMouseFreed = false  // Tab let go of the captured cursor, until a click on the game takes it back
    private var pressedAt: WindowPoint?  // where a click on the phone began; nil: none pending
    private var rotations = PhoneRotation()  // the accepted `rotated`s so far: the window turned or not
    private let xErrorsAtStart = WindowSystemErrors.errorCount  // X errors before this loop: not ours to act on

    /// A loop for `runtime` drawing into `display`, the game's keys and mouse as `controls` say (default: the app
    /// shell's keys only). `readClock` gives monotonic nanoseconds (default: uptime); tests may pass their own to
    /// step time by hand. The runtime presents once per loop iteration.
    public init(
        display: GLFWWindowDisplay<Renderer>, runtime: Runtime<Game>, controls: DesktopControls<Game> = .init(),
        readClock: @escaping () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }
    ) {
        self.display = display
        self.runtime = runtime
        self.controls = controls
        self.readClock = readClock
        runtime.presentsOncePerAdvance = true
    }

    /// Runs until `isFinished`, or for `maxFrames` iterations; `onFrame` is called after each iteration.
    /// Between iterations it waits for the next simulation step, or for a window event if that comes first.
    public func run(maxFrames: Int? = nil, onFrame: ((GLFWPlatform<Game, Renderer>) -> Void)? = nil) {
        var frames = 0
        while !isFinished, frames < maxFrames ?? Int.max {
            step(waitingUpTo: frames == 0 ? 0 : pause)
            onFrame?(self)
            frames += 1
        }
    }

    /// One iteration: poll the window (waiting up to `timeout` seconds for an event), advance the runtime to
    /// the real clock (it presents if a step passed), then act on each window event in order.
    public func step(waitingUpTo timeout: Double = 0) {
        WindowSystemErrors.installErrorHandler()
        display.pollEvents(waitingUpTo: timeout)
        if let why = abruptEnd() {
            // The window is gone or the process is asked to stop: walk the app out as a closed window does.
            report("window: \(why): closing the session")
            let closing: [DesktopInput<Game>] = DesktopMapping.closing(runtime.status) + [.quit]
            for input in closing where !hasQuit { apply(input) }
            return
        }
        let reading = readClock()
        let events = coalescer.take(display.takeEvents(), at: Int64(truncatingIfNeeded: reading))
        runtime.advance(by: clock.elapsed(at: reading))
        for event in events where !isFinished { handle(event) }
        if !isFinished { pollMouse() }
        display.showStatus(runtime.status.state == .active ? nil : runtime.status.description)
        if !isFinished, display.phone != nil { showPhone() }
    }

    /// Puts the phone's screen over the app on the window. Over an inactive app (the SMS alert, the incoming call,
    /// the switcher, Notification Center) the OS shows the app as it is now, as a replay's `capture` draws it: the
    /// runtime presents no frames outside `active`, so without this the picture would be the frame from before the
    /// interruption, or nothing at all when the framebuffer was just made again (back from the background, the
    /// switcher or Notification Center opened before the first frame). Drawn through the runtime's GL guard, only
    /// when the scene changed; never while the app is forbidden GL.
    private func showPhone() {
        display.turnPhone(rotations.turned(by: runtime.transcript))
        let screen = PhoneScreen.showing(runtime)
        if screen.showsApp, runtime.status.state == .inactive, !runtime.isGLForbidden,
            display.renderer.hasSurfaces, !display.holds(runtime.scene)
        {
            runtime.presentNow()
        }
        // A slide under way (the lock screen's knob, the switcher's card) follows the pointer until the release.
        var dragged: Float = 0
        if let press = pressedAt {
            var x: Double = 0
            var y: Double = 0
            glfwGetCursorPos(display.window, &x, &y)
            let view = display.viewSize
            dragged = PhonePointer.dragged(
                press: press, pointer: display.locate(x: x, y: y), screen: screen, viewWidth: view.width,
                viewHeight: view.height)
        }
        display.showPhone(screen, dragged: dragged)
    }

    /// Acts on one window event: maps it with the runtime's current status, and carries out each input.
    public func handle(_ event: WindowEvent) {
        if case .mouseButton(let pressed, let x, let y) = event {
            click(pressed: pressed, at: display.locate(x: x, y: y))
            return
        }
        let inputs = DesktopMapping.inputs(for: event, status: runtime.status, game: runtime.game, controls: controls)
        onInputs?(event, inputs)
        for input in inputs { apply(input) }
    }

    /// Carries out one input now, with its work performed before the next.
    public func apply(_ input: DesktopInput<Game>) {
        switch input {
        case .event(let lifecycleEvent): runtime.send(lifecycleEvent)
        case .action(let action): runtime.perform(action)
        case .hold(let key, let isHeld): runtime.hold(key, isHeld)
        case .screenshot:
            let path = display.screenshot(runtime.scene)
            report(path.map { "screenshot: \($0)" } ?? "screenshot: nothing written (no image writer or no frame)")
        case .freeMouse:
            isMouseFreed = true
        case .quit:
            hasQuit = true
            display.close()
            display.hide()
        }
        runtime.settle()
    }

    /// The game's mouse (`DesktopControls.mouseMoved`, `click`): while a game that takes the mouse runs, the cursor
    /// is captured, its movement is the game's action and a left-button press its click.
    private func pollMouse() {
        let isPlaying =
            controls.takesMouse && runtime.status.state == .active && runtime.game.isRunning && !isMouseFreed
        let wanted = isPlaying ? GLFW_CURSOR_DISABLED : GLFW_CURSOR_NORMAL
        if glfwGetInputMode(display.window, GLFW_CURSOR) != wanted {
            glfwSetInputMode(display.window, GLFW_CURSOR, wanted)
            lastCursor = nil
        }
        let isButtonDown = glfwGetMouseButton(display.window, GLFW_MOUSE_BUTTON_LEFT) == GLFW_PRESS
        defer { wasButtonDown = isButtonDown }
        guard isPlaying else { return }
        var x: Double = 0
        var y: Double = 0
        glfwGetCursorPos(display.window, &x, &y)
        if let last = lastCursor, let moved = controls.mouseMoved {
            let right = Int64(((x - last.x) * 100).rounded())
            let up = Int64(((last.y - y) * 100).rounded())
            if right != 0 || up != 0 { apply(.action(moved(right, up))) }
        }
        lastCursor = (x, y)
        if isButtonDown, !wasButtonDown, let click = controls.click { apply(.action(click)) }
    }

    /// Why the session must end now without the window's say: an X error (the window destroyed under us), or
    /// SIGTERM / SIGINT (when `WindowSystemErrors.catchTerminationSignals()` was called); nil otherwise.
    private func abruptEnd() -> String? {
        if WindowSystemErrors.errorCount > xErrorsAtStart {
            return
                "X error \(WindowSystemErrors.lastCode) (\(WindowSystemErrors.lastCode == 9 ? "BadDrawable" : WindowSystemErrors.lastCode == 3 ? "BadWindow" : "see Xlib"))"
        }
        let signal = WindowSystemErrors.signal
        if signal != 0 { return signal == SIGTERM ? "SIGTERM" : signal == SIGINT ? "SIGINT" : "signal \(signal)" }
        return nil
    }

    /// A left-button press or release on a phone window. A captured cursor's clicks are the game's (in
    /// `pollMouse`); a free cursor's click goes to the OS's screen or bar under its press (PhonePointer), or, on the
    /// game while a game runs, captures the cursor again.
    private func click(pressed: Bool, at point: WindowPoint) {
        guard display.phone != nil, glfwGetInputMode(display.window, GLFW_CURSOR) != GLFW_CURSOR_DISABLED else {
            return
        }
        if pressed {
            pressedAt = point
            return
        }
        guard let press = pressedAt, let bar = display.phoneBar else { return }
        pressedAt = nil
        let view = display.viewSize
        let outcome = PhonePointer.outcome(
            press: press, release: point, screen: PhoneScreen.showing(runtime), viewWidth: view.width,
            viewHeight: view.height, bar: bar,
            canPullNotificationCenter: runtime.profile.allows(.notificationCenterPulled, in: Status(.active)))
        onClick?(press, outcome)
        switch outcome {
        case .phone(let events):
            for event in events { apply(.event(event)) }
        case .game:
            guard isMouseFreed, controls.takesMouse, runtime.status.state == .active, runtime.game.isRunning else {
                return
            }
            isMouseFreed = false
            wasButtonDown = true  // the click that takes the cursor back is not the game's
        }
    }

    /// Seconds until the next simulation step while the game loop runs; otherwise a longer wait for events.
    private var pause: Double {
        guard runtime.isFrameLoopRunning, runtime.status.state == .active else { return 0.05 }
        let nextStep = runtime.now * Int64(stepsPerSecond) / 1_000_000_000 + 1
        return Double(stepTime(nextStep) - runtime.now) / 1e9
    }
}
