// WindowSystemErrors: the window survives an X error. Xlib's default error handler prints the error and exits the
// process: a window destroyed through the X server (BadDrawable, BadWindow on the next swap or query) killed the
// session before the app was told anything. This handler only counts the errors; the loop then walks the app out as
// if the window were closed (snapshot saved, recording complete) and ends. GLFW resets the handler to Xlib's default
// after each of its own calls that trap errors, so the loop installs it again before every poll (it is one pointer).
// Xlib is reached through the symbols GLFW's libX11 already exports (dlsym): no X11 headers or link line needed.
// SIGTERM and SIGINT are counted the same way, by a handler that only stores to an atomic.

import Foundation
import Synchronization

/// X errors and termination signals, counted for the loop to act on between polls.
public enum WindowSystemErrors {
    private static let errors = Atomic<Int>(0)
    private static let lastErrorCode = Atomic<Int>(0)
    private static let signals = Atomic<Int32>(0)

    private typealias Handler = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Int32
    private typealias SetHandler = @convention(c) (Handler?) -> Handler?

    /// X errors since the process started.
    public static var errorCount: Int { errors.load(ordering: .relaxed) }
    /// The error code (X protocol, e.g. 9 BadDrawable, 3 BadWindow) of the last one, 0 if none.
    public static var lastCode: Int { lastErrorCode.load(ordering: .relaxed) }
    /// The termination signal received (SIGTERM, SIGINT), 0 if none.
    public static var signal: Int32 { signals.load(ordering: .relaxed) }

    /// Installs the X error handler (again: cheap, and needed after GLFW reset it). Without libX11 loaded, nothing.
    public static func installErrorHandler() {
        // dlsym(RTLD_DEFAULT, ...): RTLD_DEFAULT is the null handle on Linux.
        guard let symbol = dlsym(nil, "XSetErrorHandler") else { return }
        let setHandler = unsafeBitCast(symbol, to: SetHandler.self)
        _ = setHandler { _, event in
            // XErrorEvent: int type; Display *display; XID resourceid; unsigned long serial; uchar error_code; ...
            let code = event.map { Int($0.load(fromByteOffset: 32, as: UInt8.self)) } ?? 0
            WindowSystemErrors.lastErrorCode.store(code, ordering: .relaxed)
            WindowSystemErrors.errors.add(1, ordering: .relaxed)
            return 0
        }
    }

    /// Counts SIGTERM and SIGINT instead of dying of them, so that the loop can end the session in order.
    public static func catchTerminationSignals() {
        for number in [SIGTERM, SIGINT] {
            Foundation.signal(number) { received in WindowSystemErrors.signals.store(received, ordering: .relaxed) }
        }
    }
}
