// ScriptFuzz: `interlude-bench fuzz-scripts` (issue 12, `make fuzz-scripts`). Mutates the bundled scripts
// (ScriptMutator) and replays each mutation as `interlude replay --no-render` in a process of its own, under a time
// limit. A run passes when it ends by itself within the limit with exit 0, 1 or 2, no script of it hung or crashed,
// and an exit 2 says why on a first line naming file:line:column. Every failing mutation is saved, with what
// the command printed, so that it can be replayed alone; any mutation can also be made again from its seed and index.
//
//   interlude-bench fuzz-scripts [--count 2000] [--seed 1] [--limit 20] [--jobs 2] [--only INDEX]
//                                [--interlude PATH] [--out out/fuzz-scripts] [--json out/fuzz-scripts/fuzz.json]

import Foundation
import ShooterPlatform

/// How one mutated script's replay ended.
struct FuzzRun {
    let index: Int
    let exitCode: Int32  // the exit status, or 128 + signal
    let signalled: Bool
    let seconds: Double
    let killed: Bool  // still running at the limit
    let problem: String?  // why the run counts as a failure, or nil
}

enum ScriptFuzz {
    static func run(_ arguments: [String]) throws {
        let options = try ModeOptions(
            arguments,
            allowed: [
                "--count": "2000", "--seed": "1", "--limit": "20", "--jobs": "2", "--only": "", "--interlude": "",
                "--out": "out/fuzz-scripts", "--json": "",
            ])
        guard let seed = UInt64(options.string("--seed")) else { throw BenchmarkError("--seed takes a number") }
        guard let limit = Double(options.string("--limit")), limit > 0 else {
            throw BenchmarkError("--limit takes a number of seconds")
        }
        let interlude = try ChildProcess.interlude(options.string("--interlude"))
        let out = options.string("--out")
        let json = options.string("--json").isEmpty ? out + "/fuzz.json" : options.string("--json")
        let indices: [Int]
        if let only = Int(options.string("--only")) {
            indices = [only]
        } else {
            indices = Array(0..<(try options.count("--count")))
        }
        let scripts = try bundledScripts()
        let work = out + "/work"
        try? FileManager.default.removeItem(atPath: work)
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        print(
            "fuzz-scripts: \(indices.count) mutations of \(scripts.count) bundled scripts, seed \(seed), \(limit) s each"
        )

        let started = Date()
        let results = Parallel.map(indices, jobs: try options.count("--jobs")) { index in
            let mutation = ScriptMutator.mutate(scripts, seed: seed, index: index)
            return replay(mutation, seed: seed, interlude: interlude, work: work, out: out, limit: limit)
        }
        try? FileManager.default.removeItem(atPath: work)
        try report(results, seed: seed, limit: limit, seconds: Date().timeIntervalSince(started), json: json)
        if results.contains(where: { $0.problem != nil }) { exit(1) }
    }

    /// The bundled scripts, sorted by name: the mutations' raw material.
    static func bundledScripts() throws -> [(String, [UInt8])] {
        let assets = try AssetDirectory.locate()
        return try assets.files(in: "Interruptions", suffix: ".script").map { path in
            guard let data = FileManager.default.contents(atPath: path) else {
                throw BenchmarkError("cannot read \(path)")
            }
            return ((path as NSString).lastPathComponent, [UInt8](data))
        }
    }

    /// Writes the mutation, replays it, judges the run; a failing mutation is kept in `out/failures`.
    static func replay(_ mutation: Mutation, seed: UInt64, interlude: String, work: String, out: String, limit: Double)
        -> FuzzRun
    {
        let name = "seed-\(seed)-\(mutation.index)"
        let folder = work + "/" + name
        let script = folder + "/" + name + ".script"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: script, contents: Data(mutation.bytes))
        let arguments = [
            "replay", "--no-render", "--jobs", "1", "--timeout", String(limit), "--out", folder + "/out", script,
        ]
        let child = LimitedChild.run(
            interlude, arguments, output: folder + "/stdout", errors: folder + "/stderr", limit: limit + 10)
        let stdout = (try? String(contentsOfFile: folder + "/stdout", encoding: .utf8)) ?? ""
        let stderr = String(decoding: FileManager.default.contents(atPath: folder + "/stderr") ?? Data(), as: UTF8.self)
        let problem = judge(child, stdout: stdout, stderr: stderr, script: script, limit: limit)
        if let problem {
            let failures = out + "/failures"
            try? FileManager.default.createDirectory(atPath: failures, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: failures + "/\(name).script", contents: Data(mutation.bytes))
            let note =
                "\(problem)\nfrom \(mutation.base): \(mutation.steps.joined(separator: "; "))\n"
                + "exit \(child.exitCode) after \(String(format: "%.2f", child.seconds)) s\n--- stdout\n\(stdout)\n--- stderr\n\(stderr)"
            _ = FileManager.default.createFile(atPath: failures + "/\(name).txt", contents: Data(note.utf8))
        }
        try? FileManager.default.removeItem(atPath: folder)
        return FuzzRun(
            index: mutation.index, exitCode: child.exitCode, signalled: child.signalled, seconds: child.seconds,
            killed: child.killed, problem: problem)
    }

    /// Why the run fails, or nil: a signal or an exit status other than 0, 1, 2; over the limit; a script that hung or
    /// crashed in its child; an exit 2 whose message is not one printable line of at most 1,000 characters after
    /// file:line:column.
    static func judge(_ child: LimitedChild, stdout: String, stderr: String, script: String, limit: Double) -> String? {
        if child.killed { return "still running after \(limit) s: killed" }
        if child.signalled { return "ended by signal \(child.exitCode - 128)" }
        guard [0, 1, 2].contains(child.exitCode) else { return "exit status \(child.exitCode)" }
        if child.seconds > limit { return "took \(child.seconds) s, over the \(limit) s limit" }
        if let line = stdout.split(separator: "\n").first(where: { $0.hasPrefix("HUNG ") || $0.hasPrefix("CRASH ") }) {
            return String(line)
        }
        guard child.exitCode == 2 else { return nil }
        let first = stderr.split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
        guard first.hasPrefix(script + ":") else { return "exit 2 without file:line:column: \(first.prefix(200))" }
        let place = first.dropFirst(script.count + 1).split(separator: ":", maxSplits: 2)
        guard place.count == 3, Int(place[0]) != nil, Int(place[1]) != nil, place[2].hasPrefix(" error: ") else {
            return "exit 2 without file:line:column: \(first.prefix(200))"
        }
        // The longest messages list every name there is (about 560 characters); a word is quoted 40 scalars at most.
        let message = place[2]
        if message.unicodeScalars.count > 1_000 {
            return "exit 2 with a message of \(message.unicodeScalars.count) scalars"
        }
        if first.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "exit 2 with a control character in its message"
        }
        return nil
    }

    static func report(_ results: [FuzzRun], seed: UInt64, limit: Double, seconds: Double, json: String) throws {
        var codes: [String: Int] = [:]
        for run in results {
            codes[run.signalled ? "signal \(run.exitCode - 128)" : "\(run.exitCode)", default: 0] += 1
        }
        let failures = results.filter { $0.problem != nil }
        let crashes = results.filter {
            $0.signalled || ![0, 1, 2].contains($0.exitCode) || ($0.problem ?? "").hasPrefix("CRASH")
        }
        let overLimit = results.filter { $0.killed || $0.seconds > limit || ($0.problem ?? "").hasPrefix("HUNG") }
        let slowest = results.max { $0.seconds < $1.seconds }
        let mean = results.isEmpty ? 0 : results.map(\.seconds).reduce(0, +) / Double(results.count)
        print(
            "exit codes: " + codes.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", "))
        print("crashes: \(crashes.count), over \(limit) s: \(overLimit.count), failures: \(failures.count)")
        print(
            String(
                format: "run time: max %.2f s (mutation %d), mean %.2f s; %.0f s in all", slowest?.seconds ?? 0,
                slowest?.index ?? -1, mean, seconds))
        for run in failures.prefix(20) { print("  FAIL mutation \(run.index): \(run.problem!)") }
        if !failures.isEmpty {
            print("failing mutations saved in \((json as NSString).deletingLastPathComponent)/failures/")
        }
        let object: [String: Any] = [
            "mode": "fuzz-scripts", "seed": seed, "mutations": results.count, "limitSeconds": limit,
            "exitCodes": codes, "crashes": crashes.count, "overLimit": overLimit.count,
            "maxSeconds": slowest?.seconds ?? 0, "slowestMutation": slowest?.index ?? -1, "meanSeconds": mean,
            "totalSeconds": seconds,
            "failures": failures.map { ["mutation": $0.index, "problem": $0.problem!] },
        ]
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        let folder = (json as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        guard FileManager.default.createFile(atPath: json, contents: data) else {
            throw BenchmarkError("could not write \(json)")
        }
        print("wrote \(json)")
    }
}

/// Runs `body` over `items` on `jobs` threads; results in the items' order.
enum Parallel {
    static func map<Item, Result>(_ items: [Item], jobs: Int, _ body: @escaping @Sendable (Item) -> Result) -> [Result]
    where Item: Sendable, Result: Sendable {
        let box = ResultBox<Result>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, items.count))) { _ in
            while let index = box.claim() { box.put(body(items[index]), at: index) }
        }
        return box.results.map { $0! }
    }
}

/// The shared work list of `Parallel.map`: the next item to claim and the results so far, under a lock.
final class ResultBox<Result>: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private let count: Int
    private(set) var results: [Result?]

    init(count: Int) {
        self.count = count
        results = Array(repeating: nil, count: count)
    }

    func claim() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < count else { return nil }
        next += 1
        return next - 1
    }

    func put(_ result: Result, at index: Int) {
        lock.lock()
        results[index] = result
        lock.unlock()
    }
}

/// A child process with its output in files, in a process group of its own, killed (with its group) past `limit`.
struct LimitedChild {
    let exitCode: Int32  // exit status, or 128 + signal
    let signalled: Bool
    let seconds: Double
    let killed: Bool

    static func run(_ path: String, _ arguments: [String], output: String, errors: String, limit: Double)
        -> LimitedChild
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let start = Date()
        var pid: pid_t = 0
        guard posix_spawn(&pid, path, &actions, &attributes, argv, environ) == 0 else {
            return LimitedChild(exitCode: 127, signalled: false, seconds: 0, killed: false)
        }
        var status: Int32 = 0
        var killed = false
        while true {
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid { break }
            if done < 0, errno != EINTR { break }
            if !killed, Date().timeIntervalSince(start) > limit {
                kill(-pid, SIGKILL)
                killed = true
            }
            usleep(5_000)
        }
        let seconds = Date().timeIntervalSince(start)
        let signalled = status & 0x7f != 0
        let code = signalled ? 128 + (status & 0x7f) : (status >> 8) & 0xff
        return LimitedChild(exitCode: code, signalled: signalled, seconds: seconds, killed: killed)
    }
}
