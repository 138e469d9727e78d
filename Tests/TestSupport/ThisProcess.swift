// ThisProcess: what the running test process was started with and which threads it runs, read from /proc (Linux):
// the rasteriser-thread tests check that llvmpipe started none unless the user's environment asked for them. And
// its descriptor limit, which the socket-heavy tests raise.

import Foundation

/// The running process, as /proc shows it.
public enum ThisProcess {
    /// True when `name` was in the environment this process started with (/proc/self/environ, which `setenv` since
    /// has not changed).
    public static func startedWith(_ name: String) -> Bool {
        let prefix = Array((name + "=").utf8)
        return read("/proc/self/environ").split(separator: 0).contains { $0.starts(with: prefix) }
    }

    /// The names of this process's threads that llvmpipe started to rasterise (it names them "llvmpipe-0", ...).
    public static var llvmpipeThreads: [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.map { String(decoding: read("/proc/self/task/\($0)/comm"), as: UTF8.self) }
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { $0.hasPrefix("llvmpipe") }.sorted()
    }

    /// Raises this process's soft limit on open descriptors to `count`, or to the hard limit if that is lower: a test
    /// holding thousands of sockets (both ends in this process) would otherwise fail on a machine whose default soft
    /// limit is 1,024, not in the server it tests.
    public static func allowDescriptors(_ count: Int) {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        guard limit.rlim_cur < rlim_t(count) else { return }
        limit.rlim_cur = min(limit.rlim_max, rlim_t(count))
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }

    /// A /proc file's bytes (its size says 0: read to the end), empty if it cannot be read.
    private static func read(_ path: String) -> [UInt8] {
        guard let file = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? file.close() }
        return Array((try? file.readToEnd()) ?? Data())
    }
}
