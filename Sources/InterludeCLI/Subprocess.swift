import Foundation

/// A child process started with `posix_spawn`, its standard output and error going to one file, polled with
/// `waitpid(WNOHANG)` so that one thread can watch many children and their deadlines (Foundation's `Process` waits
/// on a run loop and reports on threads of its own).
final class Subprocess {
    /// How a child ended.
    enum Ending: Equatable {
        case exited(Int32)
        case signalled(Int32)

        var description: String {
            switch self {
            case .exited(let code): return "exited with status \(code)"
            case .signalled(let signal): return "killed by signal \(signal) (\(Subprocess.signalName(signal)))"
            }
        }
    }

    let pid: pid_t
    let started: Double  // monotonic seconds
    private(set) var ending: Ending?

    /// Starts `executable` with `arguments` (not including argv[0]) and this process's environment with `environment`
    /// added or replaced; its standard input is /dev/null, its standard output and error are appended to `outputPath`.
    init(executable: String, arguments: [String], environment: [String: String] = [:], outputPath: String) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var variables = ProcessInfo.processInfo.environment
        for (name, value) in environment { variables[name] = value }
        let envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard result == 0 else {
            throw ReplayInputError.other("cannot start \(executable): \(String(cString: strerror(result)))")
        }
        self.pid = pid
        started = Self.now()
    }

    /// Seconds since the child started.
    var elapsed: Double { Self.now() - started }

    /// Reaps the child if it has ended; returns its ending (kept once known).
    @discardableResult
    func poll() -> Ending? {
        if let ending { return ending }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        guard result == pid else { return nil }
        // The wait-status macros are not imported into Swift: low 7 bits the signal, else the exit code in bits 8-15.
        let signal = status & 0x7f
        ending = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
        return ending
    }

    /// Sends SIGKILL (a hung child cannot be asked nicely) to the child and to every process it started, and waits
    /// for it to end. Its own children first: a child killed while the Swift runtime's backtracer (a process it
    /// started on crashing) reads it would leave that backtracer waiting for ever, holding the files and pipes it
    /// inherited (seen: a test blocked on such a pipe). The child is stopped first, so it starts no more.
    func kill() {
        guard ending == nil else { return }
        Glibc.kill(pid, SIGSTOP)
        for descendant in Self.descendants(of: pid) { Glibc.kill(descendant, SIGKILL) }
        Glibc.kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        ending = .signalled(SIGKILL)
    }

    /// The processes `pid` started and theirs, from /proc (each /proc/N/stat names its parent): children before
    /// their own children.
    static func descendants(of pid: pid_t) -> [pid_t] {
        var parents: [pid_t: [pid_t]] = [:]
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let process = pid_t(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8)
            else { continue }
            // "PID (NAME) STATE PPID ...": the name may hold spaces and parentheses; the fields after its last ")".
            guard let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 1, let parent = pid_t(fields[1]) else { continue }
            parents[parent, default: []].append(process)
        }
        var found: [pid_t] = []
        var next = parents[pid] ?? []
        while !next.isEmpty {
            found += next
            next = next.flatMap { parents[$0] ?? [] }
        }
        return found
    }

    /// Monotonic seconds (the watchdog's clock; never the simulation's).
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// "SIGSEGV", "SIGILL (a Swift runtime trap)", ...
    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGILL: return "SIGILL, a Swift runtime trap"
        case SIGTRAP: return "SIGTRAP, a Swift runtime trap"
        case SIGABRT: return "SIGABRT"
        case SIGSEGV: return "SIGSEGV"
        case SIGBUS: return "SIGBUS"
        case SIGFPE: return "SIGFPE"
        case SIGKILL: return "SIGKILL"
        case SIGTERM: return "SIGTERM"
        case SIGALRM: return "SIGALRM, the child's own deadline"
        default: return "signal \(signal)"
        }
    }
}
