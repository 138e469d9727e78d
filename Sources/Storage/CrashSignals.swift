// CrashSignals: the crash guard's signal handler. While a restored game has not proved itself, a crash (a Swift
// trap, a bad memory access, an abort) appends `crashed signal=N` to the guard's mark before the process dies, so the
// next launch knows the save crashed it (Runtime+CrashGuard.swift). The handler does only async-signal-safe calls
// (open, write, fsync, close, sigaction, raise) on a path prepared beforehand, then hands the signal to whoever
// handled it before (Swift's backtracer, or the kernel's own action), so the process still dies of it.

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Installs the handler once; `arm` points it at a mark file, `disarm` makes it only pass the signal on.
enum CrashSignals {
    /// The signals a crash raises: traps (SIGILL from Swift's `ud2`, SIGTRAP), bad memory accesses, arithmetic, aborts.
    static let signals: [Int32] = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT]

    // What the handler reads, allocated once and never freed (a handler must not allocate, lock or free).
    nonisolated(unsafe) private static let path = UnsafeMutablePointer<CChar>.allocate(capacity: 4096)
    nonisolated(unsafe) private static let line = UnsafeMutablePointer<UInt8>.allocate(capacity: 32)
    nonisolated(unsafe) private static let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    nonisolated(unsafe) private static var isArmed = false
    nonisolated(unsafe) private static var isInstalled = false
    private static let lock = NSLock()

    /// From now on a crash appends to the file at `markPath` (which must exist: the handler never creates it).
    static func arm(markPath: String) {
        lock.withLock {
            installOnce()
            let bytes = Array(markPath.utf8CString.prefix(4095))
            isArmed = false
            for (index, byte) in bytes.enumerated() { path[index] = byte }
            path[bytes.count] = 0
            isArmed = true
        }
    }

    /// A crash no longer writes anything.
    static func disarm() {
        lock.withLock { isArmed = false }
    }

    private static func installOnce() {
        guard !isInstalled else { return }
        isInstalled = true
        let prefix = Array("crashed signal=".utf8)
        for (index, byte) in prefix.enumerated() { line[index] = byte }
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = { signal, _, _ in CrashSignals.handle(signal) }
            action.sa_flags = SA_SIGINFO | SA_ONSTACK
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, previous + Int(signal))
        }
    }

    /// The handler: appends the line, puts the previous handler back and lets the signal happen again.
    private static func handle(_ signal: Int32) {
        if isArmed {
            let descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
            if descriptor >= 0 {
                var count = 15  // "crashed signal="
                if signal >= 10 {
                    line[count] = UInt8(48 + signal / 10)
                    count += 1
                }
                line[count] = UInt8(48 + signal % 10)
                line[count + 1] = 10
                _ = write(descriptor, line, count + 2)
                fsync(descriptor)
                close(descriptor)
            }
        }
        sigaction(signal, previous + Int(signal), nil)
        // A trap of the instruction itself (ill, segv, bus, fpe) happens again when the instruction is retried, now
        // under the previous handler with the real context; a raised one (abort, trap) must be raised again.
        if signal == SIGABRT || signal == SIGTRAP { raise(signal) }
    }
}
