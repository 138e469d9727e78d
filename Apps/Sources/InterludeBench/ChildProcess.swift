// ChildProcess: runs a program in a new process (posix_spawn, output to /dev/null) and waits for it with `wait4`,
// which returns the child's own resource usage: its wall time as seen from here, and its peak resident set size
// (`ru_maxrss`), for the `replay` and `memory` modes.

import Foundation

/// What one child process cost.
struct ChildRun {
    let status: Int32  // exit status, or 128 + signal
    let wallMs: Double
    let peakRSSKiB: Int  // ru_maxrss: kibibytes on Linux
}

enum ChildProcess {
    /// Runs `path` with `arguments` (standard output and error to /dev/null) and waits for it.
    static func run(_ path: String, _ arguments: [String]) throws -> ChildRun {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let clock = ContinuousClock()
        let start = clock.now
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw BenchmarkError("cannot run \(path): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchmarkError("wait4 failed for \(path)") }
        }
        let wall = milliseconds(start.duration(to: clock.now))
        let exited = status & 0x7f == 0
        let code = exited ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return ChildRun(status: code, wallMs: wall, peakRSSKiB: usage.ru_maxrss)
    }

    /// The `interlude` executable: `explicit`, else the one beside this benchmark's executable.
    static func interlude(_ explicit: String) throws -> String {
        let path =
            explicit.isEmpty
            ? URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
                .appendingPathComponent("interlude").path : explicit
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw BenchmarkError(
                "no interlude executable at \(path): build it (swift build -c release --product interlude) or pass --interlude"
            )
        }
        return path
    }
}

/// This process's resident set size now, in bytes (/proc/self/statm: resident pages × page size).
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

extension ChildProcess {
    /// Runs `path` with `arguments` (Foundation's `Process`), waits, and returns what it wrote on standard output;
    /// throws when it exits with a status other than 0.
    static func output(_ path: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchmarkError("\(path) \(arguments.first ?? "") exited \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
