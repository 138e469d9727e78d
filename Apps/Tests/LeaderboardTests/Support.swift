import Foundation
import GameCore
import LeaderboardServer
import Lifecycle
import Replay
import Runtime
import ShooterPlatform
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A blocking HTTP call for tests (XCTest runs them on the main thread; the server runs on its own threads).
struct HTTP {
    let base: String

    struct Answer {
        let status: Int
        let body: Data
        var headers: [String: String] = [:]
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
        var errorCode: String? { (json["error"] as? [String: Any])?["code"] as? String }
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    func call(_ method: String, _ path: String, body: Data? = nil, headers: [String: String] = [:]) throws -> Answer {
        var request = URLRequest(url: URL(string: base + path)!)
        request.httpMethod = method
        request.httpBody = body
        if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let done = DispatchSemaphore(value: 0)
        let box = AnswerBox()
        URLSession.shared.dataTask(with: request) { data, response, error in
            box.set(data, response as? HTTPURLResponse, error)
            done.signal()
        }.resume()
        guard done.wait(timeout: .now() + 20) == .success else { throw URLError(.timedOut) }
        let (data, response, error) = box.get()
        if let error { throw error }
        var fields: [String: String] = [:]
        for (name, value) in response?.allHeaderFields ?? [:] {
            if let name = name as? String, let value = value as? String { fields[name.lowercased()] = value }
        }
        return Answer(status: response?.statusCode ?? 0, body: data ?? Data(), headers: fields)
    }

    func post(_ path: String, _ json: String, headers: [String: String] = [:]) throws -> Answer {
        try call("POST", path, body: Data(json.utf8), headers: headers)
    }

    func get(_ path: String) throws -> Answer { try call("GET", path) }

    /// Registers `name`; returns (id, token).
    func register(_ name: String) throws -> (Int64, String) {
        let answer = try post("/v1/players", #"{"name":"\#(name)"}"#)
        XCTAssertEqual(answer.status, 201, answer.text)
        return ((answer.json["id"] as? NSNumber)?.int64Value ?? 0, answer.json["token"] as? String ?? "")
    }

    /// Submits `score` for a run of `milliseconds` of play (default an hour: long enough for any score).
    func submit(
        player: Int64, token: String?, key: String, level: Int = 1, score: Int64, milliseconds: Int64? = 3_600_000
    ) throws -> Answer {
        var headers = ["Idempotency-Key": key]
        if let token { headers["Authorization"] = "Bearer \(token)" }
        let duration = milliseconds.map { #","milliseconds":\#($0)"# } ?? ""
        return try post(
            "/v1/players/\(player)/scores", #"{"level":\#(level),"score":\#(score)\#(duration)}"#, headers: headers)
    }
}

final class AnswerBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value: (Data?, HTTPURLResponse?, (any Error)?) = (nil, nil, nil)
    func set(_ data: Data?, _ response: HTTPURLResponse?, _ error: (any Error)?) {
        lock.withLock { value = (data, response, error) }
    }
    func get() -> (Data?, HTTPURLResponse?, (any Error)?) { lock.withLock { value } }
}

/// A value shared with another thread.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
    func withValue<T>(_ body: (inout Value) -> T) -> T { lock.withLock { body(&stored) } }
}

/// Waits until `condition` holds, checking it every 2 ms, for at most `seconds`. Returns whether it held; when the
/// deadline passes first, the test fails saying what was awaited. Synchronise with another thread this way, never
/// with a fixed sleep: a sleep long enough on a loaded machine is needlessly slow everywhere else.
@discardableResult
func waitUntil(
    _ what: String, seconds: Double = 10, file: StaticString = #filePath, line: UInt = #line,
    _ condition: () throws -> Bool
) rethrows -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while ContinuousClock.now < deadline {
        if try condition() { return true }
        Thread.sleep(forTimeInterval: 0.002)
    }
    if try condition() { return true }
    XCTFail("timed out after \(seconds) s waiting for \(what)", file: file, line: line)
    return false
}

extension Runtime<Game> {
    /// Whether the transcript has a `work` line for `name` with `detail`.
    func didWork(_ name: String, _ detail: String) -> Bool {
        transcript.lines.contains { $0.contains(#""name":"\#(name)","detail":"\#(detail)""#) }
    }
}

/// Real time for a runtime, as the window gives it: `run(until:)` advances the runtime to the real time
/// elapsed since `start`, in small sleeps, and counts the loop iterations.
final class RealTime {
    let clock = ContinuousClock()
    let start: ContinuousClock.Instant
    private(set) var iterations = 0

    init() { start = clock.now }

    var elapsed: Nanoseconds {
        let duration = start.duration(to: clock.now)
        return duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
    }

    func run(_ runtime: Runtime<Game>, until seconds: Double) {
        while elapsed < Nanoseconds(seconds * 1e9) {
            runtime.advance(to: elapsed)
            iterations += 1
            Thread.sleep(forTimeInterval: 0.005)
        }
        runtime.advance(to: elapsed)
    }
}

/// The game's bundled levels (Assets/Levels), as `interlude play` and `leaderboard serve` read them.
enum BundledLevels {
    static func load() throws -> [Level] { try LevelFiles.load(from: try AssetDirectory.locate()) }
}

/// A test case with a fresh embedded server (an empty database on loopback, the bundled levels, a clock the test
/// moves) and an HTTP client for it, per test.
class ServerTestCase: XCTestCase {
    var server: EmbeddedLeaderboardServer!
    var http: HTTP!
    let clock = ManualClock()

    /// The server's limits: the public defaults on the test's clock (a test may change them before `restart`).
    var policy: LeaderboardPolicy {
        var policy = LeaderboardPolicy()
        let clock = self.clock
        policy.clock = { clock.now }
        return policy
    }

    override func setUpWithError() throws { try start(policy) }

    /// (Re)starts the server with `policy`, over an empty database: SQLite in memory, or, when
    /// `LEADERBOARD_TEST_POSTGRES` holds a `postgres://` URL (`make test-postgres` sets it), a fresh schema of that
    /// PostgreSQL database: the same suite against both engines.
    func start(_ policy: LeaderboardPolicy) throws {
        server?.stop()
        server?.store.close()
        let store = try TestDatabase.emptyStore(policy: policy)
        server = try EmbeddedLeaderboardServer(store: store, levels: try BundledLevels.load(), policy: policy)
        http = HTTP(base: server.url)
    }

    override func tearDown() {
        server.stop()
        server.store.close()
    }
}

/// The database the server tests run against: SQLite in memory by default; PostgreSQL when
/// `LEADERBOARD_TEST_POSTGRES` is set (each store then gets a schema of its own, so every test starts empty).
enum TestDatabase {
    static let postgresURL: String? = {
        let url = ProcessInfo.processInfo.environment["LEADERBOARD_TEST_POSTGRES"] ?? ""
        return url.isEmpty ? nil : url
    }()
    private static let counter = Locked(0)

    /// A URL for a fresh schema of the test database (nil without one).
    static func freshPostgresURL() -> String? {
        guard let url = postgresURL else { return nil }
        let number = counter.withValue { value -> Int in
            value += 1
            return value
        }
        return url + (url.contains("?") ? "&" : "?") + "schema=t\(getpid())_\(number)"
    }

    /// A fresh schema's URL for a test that needs PostgreSQL: without one it is skipped, except on CI, where it
    /// fails (nil: the caller returns).
    static func requiredPostgresURL() throws -> String? {
        if let url = freshPostgresURL() { return url }
        if ProcessInfo.processInfo.environment["CI"] != nil {
            XCTFail("LEADERBOARD_TEST_POSTGRES is not set: run this class through `make test-postgres`")
            return nil
        }
        throw XCTSkip("needs PostgreSQL: `make test-postgres` starts one and runs this")
    }

    static func emptyStore(policy: LeaderboardPolicy) throws -> LeaderboardStore {
        if let url = freshPostgresURL() {
            let store = try LeaderboardStore(
                postgres: url, keyLifetime: policy.idempotencyKeyLifetime, clock: policy.clock)
            XCTAssertEqual(store.engineName, "postgresql")
            return store
        }
        return try LeaderboardStore(path: nil, keyLifetime: policy.idempotencyKeyLifetime, clock: policy.clock)
    }
}

/// `submit(n)` for n in 0..<count, all at once; each one's outcome or error, by n.
func submitAtOnce(_ count: Int, _ submit: @escaping @Sendable (Int) async throws -> SubmissionOutcome) async
    -> [Int: Result<SubmissionOutcome, any Error>]
{
    await withTaskGroup(of: (Int, Result<SubmissionOutcome, any Error>).self) { group in
        for number in 0..<count {
            group.addTask {
                do { return (number, .success(try await submit(number))) } catch { return (number, .failure(error)) }
            }
        }
        var all: [Int: Result<SubmissionOutcome, any Error>] = [:]
        for await (number, result) in group { all[number] = result }
        return all
    }
}
