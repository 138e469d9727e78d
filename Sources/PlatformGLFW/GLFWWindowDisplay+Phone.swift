// GLFWWindowDisplay+Phone: the window as a small phone. Attached, the window grows by the phone bar under the game
// view; the app's renderer then only draws into its framebuffer, and `showPhone` puts on the window, once per loop
// iteration: the app's frame (blitted by the app's renderer while it may use GL), the OS's screen over it and the
// bar, drawn by the compositor with GL of its own (never through the app's gate: the OS draws while the app may not).

import CGLFW
import GLHost
import Lifecycle
import PhoneScreens

/// What the window needs to be a phone: the compositor, the bar, and the screen shown last.
public final class WindowPhone {
    /// The OS's drawing.
    public let compositor: PhoneCompositor
    /// The profile whose bar is shown (Notification Center on iOS 5 only).
    public let profile: Profile
    /// The bar's height in pixels.
    public let barHeight: Int
    /// The screen `showPhone` drew last.
    public internal(set) var shownScreen: PhoneScreen = .none
    /// How far its slide (the lock screen's knob, the switcher's card) was drawn moved by a drag, in pixels.
    public internal(set) var shownDragged: Float = 0
    /// Times `showPhone` put a frame on the window.
    public internal(set) var framesShown = 0
    /// True while the phone is turned a quarter (after an odd number of accepted `rotated`): the window then has
    /// the game view's sides swapped, and the game renders at that size.
    public internal(set) var turned = false

    init(compositor: PhoneCompositor, profile: Profile, barHeight: Int) {
        self.compositor = compositor
        self.profile = profile
        self.barHeight = barHeight
    }
}

/// Where a point of the window lies, for a click.
public enum WindowPoint: Hashable, Sendable {
    /// On the phone's screen (the game view), in its pixels.
    case screen(x: Float, y: Float)
    /// On the phone bar, in its pixels.
    case bar(x: Float, y: Float)
}

extension GLFWWindowDisplay {
    /// Makes the window a phone for `profile`: the OS's screens drawn with `font`, the phone bar under the game view
    /// (the window grows by its height; the game view keeps its size).
    public func attachPhone(profile: Profile, font: PhoneFont) throws {
        makeCurrent()
        let compositor = try PhoneCompositor(font: font)
        let view = framebufferSize
        let barHeight = PhoneBar.height(screenWidth: view.width, screenHeight: view.height)
        var width: Int32 = 0
        var height: Int32 = 0
        glfwGetWindowSize(window, &width, &height)
        let phone = WindowPhone(compositor: compositor, profile: profile, barHeight: barHeight)
        self.phone = phone
        systemLayer = PhoneSystemLayer(compositor: compositor) { [unowned phone] in phone.shownScreen }
        glfwSetWindowSize(window, width, height + Int32(barHeight))
        // Wait (briefly) for the window system to apply the size, so that the first frame is laid out right.
        for _ in 0..<50 where framebufferSize.height < view.height + barHeight {
            glfwWaitEventsTimeout(0.01)
        }
    }

    /// Turns the phone (`rotated`): the game view's width and height swap (landscape to portrait, or back), the
    /// phone bar staying under it; the game renders at the new size from its next frame. No GL call.
    public func turnPhone(_ turned: Bool) {
        guard let phone, phone.turned != turned else { return }
        phone.turned = turned
        let view = viewSize
        guard view.width > 0, view.height > 0 else { return }
        glfwSetWindowSize(window, Int32(view.height), Int32(view.width + phone.barHeight))
        // Wait (briefly) for the window system to apply the size, so that the next frame is laid out right.
        for _ in 0..<50 where viewSize != (view.height, view.width) {
            glfwWaitEventsTimeout(0.01)
        }
    }

    /// The bar as laid out at the window's width now.
    public var phoneBar: PhoneBar? {
        guard let phone else { return nil }
        let view = viewSize
        return PhoneBar(profile: phone.profile, screenWidth: view.width, screenHeight: view.height)
    }

    /// Where the window point `x`, `y` (window coordinates, top-left origin, as GLFW reports the cursor) lies.
    public func locate(x: Double, y: Double) -> WindowPoint {
        let view = viewSize
        if y >= Double(view.height) { return .bar(x: Float(x), y: Float(y) - Float(view.height)) }
        return .screen(x: Float(x), y: Float(y))
    }

    /// Puts the app's frame, `screen` over it and the phone bar on the window and swaps. The app's renderer is asked
    /// only while its gate admits GL (it blits its frame); otherwise the OS's screen covers the picture kept as the
    /// app left (when the screen shows the app: Android's Recents) or a black backdrop.
    /// `dragged`: how far a drag under way has moved the screen's slide, in pixels.
    public func showPhone(_ screen: PhoneScreen, dragged: Float = 0) {
        guard let phone else { return }
        makeCurrent()
        let window = framebufferSize
        let view = viewSize
        guard view.width > 0, view.height > 0 else { return }
        let compositor = phone.compositor
        if !renderer.gate.isForbidden, renderer.hasSurfaces {
            renderer.blitToWindow(width: view.width, height: view.height)
            glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), 0)
            compositor.copyPicture(width: view.width, height: view.height)
        } else if screen.showsApp, let kept = frames.kept {
            // Away from the foreground (Android's Recents): the picture kept as the app left, as a replay shows it.
            compositor.setPicture(kept)
        } else {
            compositor.clearPicture()
        }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        glViewport(0, 0, GLsizei(window.width), GLsizei(window.height))
        glClearColor(0, 0, 0, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        let full = PhoneRect(x: 0, y: 0, width: Float(view.width), height: Float(view.height))
        glViewport(0, GLint(window.height - view.height), GLsizei(view.width), GLsizei(view.height))
        let layout = PhoneLayout(screen, width: view.width, height: view.height, dragged: dragged)
        compositor.draw(
            [.picture(full, brightness: 1, radius: 0)] + layout.shapes, width: view.width, height: view.height)
        let bar = PhoneBar(profile: phone.profile, screenWidth: view.width, screenHeight: view.height)
        glViewport(0, 0, GLsizei(window.width), GLsizei(window.height - view.height))
        compositor.draw(bar.shapes, width: window.width, height: window.height - view.height)
        glViewport(0, 0, GLsizei(window.width), GLsizei(window.height))
        glFinish()
        glfwSwapBuffers(self.window)
        phone.shownScreen = screen
        phone.shownDragged = dragged
        phone.framesShown += 1
    }
}
