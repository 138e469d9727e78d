// ForeignCrashReport: which library function the runtime is in, so that a crash inside a game library is reported as
// `error: liblander.so: interlude_step: crashed (signal 11)` instead of an anonymous signal. `GameLibrary.call` marks
// each call; a handler for the fatal signals writes the line (with async-signal-safe `write` only) and hands the
// signal on to the handler that was there before (Swift's backtracer, or the default, which ends the process).

import Glibc

/// The call in progress into a game library, and the crash line that names it.
public enum ForeignCrashReport {
    /// Told of every call into a library before it is made (a replay's heartbeat names it when the watchdog fires).
    nonisolated(unsafe) public static var observer: ((_ library: String, _ function: StaticString) -> Void)?

    // What the signal handler reads: set on the runtime's thread before each call, cleared after.
    nonisolated(unsafe) private static var library: UnsafeMutablePointer<CChar>? = nil
    nonisolated(unsafe) private static var function: StaticString? = nil
    typealias SignalAction = sigaction
    nonisolated(unsafe) private static var previous = [SignalAction](repeating: SignalAction(), count: 32)
    private static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT]

    /// Installs the handler once (idempotent in effect: the first call installs).
    static let installed: Bool = {
        for signal in signals {
            var action = SignalAction()
            action.__sigaction_handler.sa_handler = { signal in ForeignCrashReport.report(signal) }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, &previous[Int(signal)])
        }
        return true
    }()

    static func enter(library: GameLibrary, function: StaticString) {
        _ = installed
        self.library = library.cName
        self.function = function
        observer?(library.name, function)
    }

    static func leave() {
        library = nil
        function = nil
    }

    /// Writes `line` and a newline to standard error and ends the process with status 70 (EX_SOFTWARE).
    public static func die(_ line: String) -> Never {
        var bytes = Array(line.utf8)
        bytes.append(0x0a)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        exit(70)
    }

    /// The signal handler: names the call if one is in progress, then passes the signal on.
    private static func report(_ signal: Int32) {
        if let library, let function {
            writeRaw("error: ")
            _ = write(2, library, strlen(library))
            writeRaw(": ")
            _ = write(2, function.utf8Start, function.utf8CodeUnitCount)
            writeRaw(": crashed (signal ")
            var digits: [UInt8] = []
            var value = Int(signal)
            repeat {
                digits.insert(UInt8(0x30 + value % 10), at: 0)
                value /= 10
            } while value > 0
            _ = write(2, digits, digits.count)
            writeRaw(")\n")
        }
        sigaction(signal, &previous[Int(signal)], nil)
        raise(signal)
    }

    private static func writeRaw(_ text: StaticString) {
        _ = write(2, text.utf8Start, text.utf8CodeUnitCount)
    }
}
