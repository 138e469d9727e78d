// ForeignCrashReport: which library function the runtime is in, so that a crash inside a game library is reported as
// `error: liblander.so: interlude_step: crashed (signal 11)` instead of an anonymous signal. `GameLibrary.call` marks
// each call; a handler for the fatal signals writes the line (with async-signal-safe `write` only) and hands the
// signal on to the handler that was there before (Swift's backtracer, or the default, which ends the process).

import Glibc

/// The call in progress into a game library, and the crash line that names it.
public enum ForeignCrashReport {
    /// Told of every call into a library before it is made, and with nil once it returned (a replay's heartbeat
    /// names the call in progress when the watchdog fires). Set it before the first library loads, on the runtime's
    /// thread.
    public static var observer: ((_ call: (library: String, function: StaticString)?) -> Void)? {
        get { hooks.pointee.observer }
        set { hooks.pointee.observer = newValue }
    }

    /// What the signal handler reads, set on the runtime's thread around each call. Kept behind a pointer: a static
    /// `var` would cost a dynamic exclusivity check per access, several times each crossing (interlude-bench abi).
    private struct Hooks {
        var library: UnsafeMutablePointer<CChar>? = nil
        var function: StaticString? = nil
        var observer: (((library: String, function: StaticString)?) -> Void)? = nil
    }
    nonisolated(unsafe) private static let hooks: UnsafeMutablePointer<Hooks> = {
        let hooks = UnsafeMutablePointer<Hooks>.allocate(capacity: 1)
        hooks.initialize(to: Hooks())
        return hooks
    }()
    typealias SignalAction = sigaction
    nonisolated(unsafe) private static let previous: UnsafeMutablePointer<SignalAction> = {
        let previous = UnsafeMutablePointer<SignalAction>.allocate(capacity: 65)
        previous.initialize(repeating: SignalAction(), count: 65)
        return previous
    }()
    private static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT]

    /// Installs the handler once, when the first library loads (`GameLibrary.init`).
    static let installed: Bool = {
        _ = hooks
        for signal in signals {
            var action = SignalAction()
            action.__sigaction_handler.sa_handler = { signal in ForeignCrashReport.report(signal) }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, previous + Int(signal))
        }
        return true
    }()

    @inline(__always)
    static func enter(library: GameLibrary, function: StaticString) {
        let hooks = hooks
        hooks.pointee.library = library.cName
        hooks.pointee.function = function
        hooks.pointee.observer?((library.name, function))
    }

    @inline(__always)
    static func leave() {
        hooks.pointee.library = nil
        hooks.pointee.function = nil
        hooks.pointee.observer?(nil)
    }

    /// Writes `line` and a newline to standard error and ends the process with status 70 (EX_SOFTWARE).
    public static func die(_ line: String) -> Never {
        var bytes = Array(line.utf8)
        bytes.append(0x0a)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        exit(70)
    }

    /// The signal handler: names the call if one is in progress, then passes the signal on. Async-signal-safe: it
    /// allocates nothing and calls `write`, `strlen`, `sigaction` and `raise` only.
    private static func report(_ signal: Int32) {
        if let library = hooks.pointee.library, let function = hooks.pointee.function {
            writeRaw("error: ")
            _ = write(2, library, strlen(library))
            writeRaw(": ")
            _ = write(2, function.utf8Start, function.utf8CodeUnitCount)
            writeRaw(": crashed (signal ")
            var digits: (UInt8, UInt8) = (UInt8(0x30 + signal / 10 % 10), UInt8(0x30 + signal % 10))
            _ = withUnsafeBytes(of: &digits) {
                signal < 10 ? write(2, $0.baseAddress! + 1, 1) : write(2, $0.baseAddress, 2)
            }
            writeRaw(")\n")
        }
        sigaction(signal, previous + Int(signal), nil)
        raise(signal)
    }

    private static func writeRaw(_ text: StaticString) {
        _ = write(2, text.utf8Start, text.utf8CodeUnitCount)
    }
}
