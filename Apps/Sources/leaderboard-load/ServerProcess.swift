// ServerProcess: the server under load runs in its own process (this same executable with `--serve DATABASE`), so
// that the load generator's work and the server's are counted apart (each process's CPU time is reported) and the
// server is the one `interlude leaderboard serve` runs (the same application: routes, checks, store), with the
// benchmark's policy (no rate limits: 50 clients on one address send thousands of submissions a second).
// The child prints `port N` once it listens and serves until its standard input closes (so it never outlives the
// benchmark, even one killed), then stops gracefully and prints `cpu SECONDS` and `commits TRANSACTIONS SUBMISSIONS`.

import Foundation
import GameCore
import LeaderboardServer
import ShooterPlatform

/// The child's side: serve `database` until standard input closes.
enum ServeChild {
    /// `public`: the defaults a public server runs with (the slowloris check); otherwise no rate limits, and no
    /// cap per address (every load client is on 127.0.0.1).
    static func run(database: String, public: Bool = false) throws -> Never {
        let levels = try LevelFiles.load(from: try AssetDirectory.locate())
        let store = try LeaderboardStore(database: database)
        var policy = LeaderboardPolicy.unlimited
        policy.maximumConnectionsPerAddress = policy.maximumConnections
        if `public` { policy = LeaderboardPolicy() }
        let server = try EmbeddedLeaderboardServer(store: store, levels: levels, policy: policy)
        print("port \(server.port)")
        fflush(nil)
        while let line = readLine() {
            if line == "cpu" {
                print(String(format: "cpu %.6f", ProcessCPU.seconds()))
                fflush(nil)
            }
        }
        server.stop()
        let commits = store.commitCounts
        store.close()
        print(String(format: "cpu %.3f", ProcessCPU.seconds()))
        print("commits \(commits.transactions) \(commits.submissions)")
        fflush(nil)
        exit(0)
    }
}

/// CPU seconds (user + system) this process has used.
enum ProcessCPU {
    static func seconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}

/// The parent's side: a server child, its port, and what it says when it stops.
final class ServerProcess {
    let port: Int
    private let process: Process
    private let input: Pipe
    private let output: Pipe

    struct Report {
        var cpuSeconds = 0.0
        var transactions = 0
        var submissions = 0
    }

    /// Starts a server over `database` (with the public defaults when `public`) and waits (at most `deadline`
    /// seconds) for it to listen.
    init(database: String, public: Bool = false, deadline: Double = 60) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = [`public` ? "--serve-public" : "--serve", database]
        input = Pipe()
        output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let end = Date().addingTimeInterval(deadline)
        var line: String?
        repeat {
            line = Self.readLine(output.fileHandleForReading, deadline: end.timeIntervalSinceNow)
        } while line.map({ !$0.hasPrefix("port ") }) ?? false
        guard let line, let port = Int(line.dropFirst(5)) else {
            process.terminate()
            throw ServerProcessError.notStarted(line ?? "nothing within \(deadline) s")
        }
        self.port = port
    }

    /// The CPU seconds the child has used so far (nil if it does not say within `deadline` seconds).
    func cpuSeconds(deadline: Double = 10) -> Double? {
        input.fileHandleForWriting.write(Data("cpu\n".utf8))
        guard let line = Self.readLine(output.fileHandleForReading, deadline: deadline), line.hasPrefix("cpu ") else {
            return nil
        }
        return Double(line.dropFirst(4))
    }

    /// Closes the child's input (it stops gracefully) and reads its report; kills it after `deadline` seconds.
    func stop(deadline: Double = 30) -> Report {
        try? input.fileHandleForWriting.close()
        var report = Report()
        let reader = output.fileHandleForReading
        while let line = Self.readLine(reader, deadline: deadline) {
            let parts = line.split(separator: " ")
            if parts.first == "cpu", parts.count == 2 { report.cpuSeconds = Double(parts[1]) ?? 0 }
            if parts.first == "commits", parts.count == 3 {
                report.transactions = Int(parts[1]) ?? 0
                report.submissions = Int(parts[2]) ?? 0
            }
        }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        return report
    }

    /// One line of `handle`, nil at its end or when none came within `deadline` seconds.
    private static func readLine(_ handle: FileHandle, deadline: Double) -> String? {
        var bytes: [UInt8] = []
        let end = Date().addingTimeInterval(deadline)
        while Date() < end {
            var poller = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            var byte: UInt8 = 0
            guard read(handle.fileDescriptor, &byte, 1) == 1 else {
                return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
            }
            if byte == 10 { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
        return nil
    }
}

enum ServerProcessError: Error, CustomStringConvertible {
    case notStarted(String)
    var description: String {
        switch self {
        case .notStarted(let said): return "the server process did not start: \(said)"
        }
    }
}
