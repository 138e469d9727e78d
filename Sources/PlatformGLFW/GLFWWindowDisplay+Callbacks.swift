// GLFWWindowDisplay+Callbacks: GLFW's callbacks are C function pointers and cannot capture, so each finds the
// event queue through the window's user pointer and appends to it. Nothing else happens inside a callback:
// no runtime call, no GL; the loop acts on the queue afterwards.

import CGLFW

extension GLFWWindowDisplay {
    func installCallbacks() {
        glfwSetWindowUserPointer(window, Unmanaged.passUnretained(events).toOpaque())
        glfwSetWindowFocusCallback(window) { window, focused in
            GLFWWindowDisplay.queue(of: window)?.events.append(focused == GLFW_TRUE ? .focusGained : .focusLost)
        }
        glfwSetWindowIconifyCallback(window) { window, iconified in
            GLFWWindowDisplay.queue(of: window)?.events.append(iconified == GLFW_TRUE ? .iconified : .restored)
        }
        glfwSetWindowCloseCallback(window) { window in
            // The app decides when the window really closes: once it has been told it terminates.
            glfwSetWindowShouldClose(window, GLFW_FALSE)
            GLFWWindowDisplay.queue(of: window)?.events.append(.closeRequested)
        }
        glfwSetKeyCallback(window) { window, key, _, action, modifiers in
            let kind: KeyAction = action == GLFW_PRESS ? .pressed : action == GLFW_RELEASE ? .released : .repeated
            let control = modifiers & GLFW_MOD_CONTROL != 0
            GLFWWindowDisplay.queue(of: window)?.events.append(.key(code: key, action: kind, control: control))
        }
    }

    /// The queue behind `window`'s user pointer (set by `installCallbacks`), if any.
    static func queue(of window: OpaquePointer?) -> WindowEventQueue? {
        guard let window, let pointer = glfwGetWindowUserPointer(window) else { return nil }
        return Unmanaged<WindowEventQueue>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Processes pending window-system events, waiting up to `timeout` seconds for one (0: do not wait).
    /// The callbacks fill the queue that `takeEvents()` empties.
    public func pollEvents(waitingUpTo timeout: Double = 0) {
        if timeout > 0 { glfwWaitEventsTimeout(timeout) } else { glfwPollEvents() }
    }

    /// Takes the events recorded since the last call, oldest first.
    public func takeEvents() -> [WindowEvent] { events.drain() }
}
