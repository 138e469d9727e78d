// GLFWWindowDisplay+Callbacks: GLFW's callbacks are C function pointers and cannot capture, so each finds the
// event queue through the window's user pointer and appends to it. Nothing else happens inside a callback:
// no runtime call, no GL; the loop acts on the queue afterwards.

import CGLFW

/// Installs the callbacks of `window`, which append to `events` (kept alive by the display that owns both). Outside
/// the generic display: a C function pointer cannot capture its generic parameters.
func installWindowCallbacks(_ window: OpaquePointer, events: WindowEventQueue) {
    glfwSetWindowUserPointer(window, Unmanaged.passUnretained(events).toOpaque())
    glfwSetWindowFocusCallback(window) { window, focused in
        windowEventQueue(of: window)?.events.append(focused == GLFW_TRUE ? .focusGained : .focusLost)
    }
    glfwSetWindowIconifyCallback(window) { window, iconified in
        windowEventQueue(of: window)?.events.append(iconified == GLFW_TRUE ? .iconified : .restored)
    }
    glfwSetWindowCloseCallback(window) { window in
        // The app decides when the window really closes: once it has been told it terminates.
        glfwSetWindowShouldClose(window, GLFW_FALSE)
        windowEventQueue(of: window)?.events.append(.closeRequested)
    }
    glfwSetKeyCallback(window) { window, key, _, action, modifiers in
        let kind: KeyAction = action == GLFW_PRESS ? .pressed : action == GLFW_RELEASE ? .released : .repeated
        let control = modifiers & GLFW_MOD_CONTROL != 0
        windowEventQueue(of: window)?.events.append(.key(code: key, action: kind, control: control))
    }
    glfwSetMouseButtonCallback(window) { window, button, action, _ in
        guard button == GLFW_MOUSE_BUTTON_LEFT, action == GLFW_PRESS || action == GLFW_RELEASE else { return }
        var x: Double = 0
        var y: Double = 0
        glfwGetCursorPos(window, &x, &y)
        windowEventQueue(of: window)?.events.append(.mouseButton(pressed: action == GLFW_PRESS, x: x, y: y))
    }
}

/// The queue behind `window`'s user pointer (set by `installWindowCallbacks`), if any.
func windowEventQueue(of window: OpaquePointer?) -> WindowEventQueue? {
    guard let window, let pointer = glfwGetWindowUserPointer(window) else { return nil }
    return Unmanaged<WindowEventQueue>.fromOpaque(pointer).takeUnretainedValue()
}

extension GLFWWindowDisplay {
    func installCallbacks() { installWindowCallbacks(window, events: events) }

    /// Processes pending window-system events, waiting up to `timeout` seconds for one (0: do not wait).
    /// The callbacks fill the queue that `takeEvents()` empties.
    public func pollEvents(waitingUpTo timeout: Double = 0) {
        if timeout > 0 { glfwWaitEventsTimeout(timeout) } else { glfwPollEvents() }
    }

    /// Takes the events recorded since the last call, oldest first.
    public func takeEvents() -> [WindowEvent] { events.drain() }
}
