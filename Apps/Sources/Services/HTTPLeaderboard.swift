// HTTPLeaderboard: the real leaderboard client (AsyncHTTPClient, on SwiftNIO) behind the runtime's
// `LeaderboardTransport` port. Requests run on the client's event loops; their answers are handled on the
// transport's own serial queue and land in a lock-protected mailbox (`Mutex`) that the runtime drains at the frame
// point. `cancel` really cancels the exchange (`HTTPClient.Task.cancel()`: the connection closes) and drops the
// answer, even one that already arrived.
// Requests go to the server one at a time, in the order sent, so that the server sees what the game did
// in the game's order (a fetch sent after a submission sees it): replays stay deterministic.
// A player registers once per data folder: the id and token are kept in `leaderboard-player.json` beside
// the snapshot (written durably), or in memory for replays.
// Why not URLSession: FoundationNetworking's URLSession on Linux traps ("Trying to access a behaviour for a task
// that in not in the registry") when a task completes while it is being cancelled; AsyncHTTPClient's cancellation is
// a state-machine event, safe at any moment (before the request is sent, during it, after its answer).

import AsyncHTTPClient
import Foundation
import InterludeNetwork
import Runtime
import Storage
import Synchronization

/// The real HTTP client of the leaderboard service.
public final class HTTPLeaderboard: LeaderboardTransport, Sendable {
    /// The server, e.g. `http://127.0.0.1:8080`.
    public let baseURL: URL
    /// The level whose top list the leaderboard screen shows.
    public let topLevel: Int
    let playerName: String
    let identityFile: String?  // nil: the identity lives in memory only
    let onSetting: @Sendable (LeaderboardSetting) -> Void
    let waitLimit: Double  // seconds a virtual-paced take may wait for an answer
    /// Whether `cancel` also cancels the HTTP exchange (closing its connection), not only drops its answer. Replays on
    /// the embedded server turn it off: their latency is virtual and the server answers at once, so every exchange
    /// runs to its end and whether a cancelled submission reached the server never depends on real timing.
    let cancelsExchanges: Bool
    /// Audits the server's tables (an embedded server's store, CONTRACT §6.11): given the players this installation has
    /// been and the keys it was told are stored, what is wrong with them, or nil. Nil: the server cannot be audited.
    let auditor: (@Sendable (_ players: Set<Int64>, _ acknowledged: Set<String>) -> String?)?
    let client: HTTPClient
    /// Where answers are handled (decoding, the identity's durable write, the next request): off the event loops,
    /// one at a time.
    let answers = DispatchQueue(label: "interlude.leaderboard.answers")
    let mailbox = Mutex(Mailbox())

    /// The most an answer may hold; a bigger one is a failed request (our server's answers are a few hundred bytes).
    static let answerLimit = 1 << 20

    /// A client of the server at `baseURL`. `onSetting` receives a script's `leaderboard` lines (an embedded
    /// server applies `down`/`up`); `identityFolder` keeps the player's token across launches (nil: memory).
    public init(
        baseURL: URL, playerName: String = "player", topLevel: Int = 1, identityFolder: String? = nil,
        waitLimit: Double = 10, cancelsExchanges: Bool = true,
        auditor: (@Sendable (_ players: Set<Int64>, _ acknowledged: Set<String>) -> String?)? = nil,
        onSetting: @escaping @Sendable (LeaderboardSetting) -> Void = { _ in }
    ) {
        self.cancelsExchanges = cancelsExchanges
        self.auditor = auditor
        self.baseURL = baseURL
        self.playerName = playerName
        self.topLevel = topLevel
        self.identityFile = identityFolder.map { $0 + "/leaderboard-player.json" }
        self.waitLimit = waitLimit
        self.onSetting = onSetting
        var configuration = HTTPClient.Configuration()
        // 10 s to connect, and at most 10 s without a byte of the answer (URLSession's timeoutIntervalForRequest).
        configuration.timeout = HTTPClient.Configuration.Timeout(connect: .seconds(10), read: .seconds(10))
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 4
        // A refused connection is a failed request at once, as with URLSession (the outbox tries again 2 s later),
        // not retried with backoff until the connect timeout.
        configuration.connectionPool.retryConnectionEstablishment = false
        self.client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        let identity = identityFile.flatMap { try? PlayerIdentity.load(from: $0) }
        mailbox.withLock {
            $0.identity = identity
            if let identity { $0.players.insert(identity.id) }
        }
    }

    // The last reference may go inside an answer's handling, on `answers` or an event loop, where a blocking shutdown
    // would wait for itself: the client shuts down asynchronously (it keeps itself alive until it has).
    deinit { shutDownClient() }

    /// Cancels every request and shuts the HTTP client down (its connections close); later requests fail at once.
    /// Does not block. Also done when the transport is deinitialised.
    public func close() {
        let tasks = mailbox.withLock { box -> [HTTPClient.Task<HTTPClient.Response>] in
            let tasks = box.entries.values.compactMap { $0.result == nil ? $0.task : nil }
            box.entries = [:]
            box.queue = []
            box.running = nil
            return tasks
        }
        for task in tasks { task.cancel() }
        shutDownClient()
    }

    /// Shuts the client down once, without waiting.
    private func shutDownClient() {
        let first = mailbox.withLock { box -> Bool in
            defer { box.isClosed = true }
            return !box.isClosed
        }
        if first { client.shutdown { _ in } }
    }

    /// Requests whose HTTP exchange reported cancellation (its connection was closed), for tests.
    public var cancelledTasks: Int { mailbox.withLock { $0.cancelledTasks } }
    /// Answers that arrived for requests already cancelled, and were dropped, for tests.
    public var droppedAnswers: Int { mailbox.withLock { $0.droppedAnswers } }
    /// The registered player, if any.
    public var identity: PlayerIdentity? { mailbox.withLock { $0.identity } }

    /// Queues the request; it goes to the server when those before it are done.
    public func start(_ id: Int64, _ kind: LeaderboardRequestKind) {
        let done = DispatchSemaphore(value: 0)
        let next = mailbox.withLock { box in
            box.entries[id] = Mailbox.Entry(kind: kind, done: done)
            box.queue.append(id)
            return box.takeNext()
        }
        if let next { launch(next) }
    }

    /// Cancels the HTTP exchange (its connection closes) and forgets the request and any answer it had.
    public func cancel(_ id: Int64) {
        let (task, next) = mailbox.withLock {
            box -> (HTTPClient.Task<HTTPClient.Response>?, (Int64, LeaderboardRequestKind)?) in
            guard let entry = box.entries.removeValue(forKey: id) else { return (nil, nil) }
            box.queue.removeAll { $0 == id }
            guard box.running == id else { return (nil, nil) }
            // An exchange left to run to its end keeps the next request waiting until it is over (`answered`), so
            // the server still sees the requests one at a time, in the order sent.
            if !cancelsExchanges { return (nil, nil) }
            box.running = nil
            // An exchange whose answer has arrived is over: its answer is dropped, nothing is left to cancel.
            return (entry.result == nil ? entry.task : nil, box.takeNext())
        }
        // Safe whatever the exchange's state (not sent yet, under way, just completed): AsyncHTTPClient fails it with
        // `HTTPClientError.cancelled` and closes its connection, or ignores a cancel that came too late.
        if cancelsExchanges, let task { task.cancel() }
        if let next { launch(next) }
    }

    /// Sends the HTTP exchange of a request whose turn has come.
    func launch(_ request: (id: Int64, kind: LeaderboardRequestKind)) {
        switch request.kind {
        case .fetchTop:
            fetchTop(request.id)
        case .submit(let score, let key, let milliseconds):
            if let identity {
                submit(request.id, score: score, key: key, milliseconds: milliseconds, as: identity)
            } else {
                register(request.id, then: score, key, milliseconds)
            }
        }
    }

    /// The answer once arrived; `waiting` blocks for it up to `waitLimit` seconds (then cancels it).
    public func take(_ id: Int64, waiting: Bool) -> LeaderboardResult? {
        if waiting, let done = mailbox.withLock({ $0.entries[id]?.done }) {
            if done.wait(timeout: .now() + waitLimit) == .timedOut { cancel(id) }
        }
        return mailbox.withLock { box -> LeaderboardResult? in
            guard let result = box.entries[id]?.result else { return nil }
            box.entries[id] = nil
            return result
        }
    }

    /// Hands a script's `leaderboard` line to `onSetting` (an embedded server switches its faults).
    public func apply(_ setting: LeaderboardSetting) { onSetting(setting) }

    /// The auditor's answer for the acknowledged keys the server was meant to store: a key settled by a refusal (422:
    /// a score the server's levels cannot give) was never stored, and is left out.
    public func audit(acknowledged: Set<Int64>) -> String? {
        guard let auditor else { return nil }
        let (players, refused) = mailbox.withLock { ($0.players, $0.refused) }
        return auditor(players, Set(acknowledged.subtracting(refused).map { String($0) }))
    }
}

/// Who this installation is on the server.
public struct PlayerIdentity: Codable, Sendable, Equatable {
    public let id: Int64
    public let token: String

    /// Decodes an identity and refuses one the client could not send (found writing fuzz-leaderboard-client: any
    /// decoded identity was kept, but an id of 0 or less cannot name a player in a URL, and a token that is empty, over
    /// 256 bytes or holds anything but visible ASCII (a CR LF) cannot go in the Authorization header, so every
    /// submission failed for good). Refused like malformed JSON: the client registers again.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int64.self, forKey: .id)
        token = try container.decode(String.self, forKey: .token)
        guard id > 0, (1...256).contains(token.utf8.count), token.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
        else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: [], debugDescription: "not an identity this client can send"))
        }
    }

    static func load(from path: String) throws -> PlayerIdentity? {
        // A regular file of at most 64 KiB: the identity is a few dozen bytes, and the folder is the user's.
        guard let bytes = try DurableFile.read(path, limit: 64 << 10) else { return nil }
        return try decoded(from: bytes)
    }

    /// The identity in the bytes of an identity file (what `save(to:)` writes); throws for anything else.
    public static func decoded(from bytes: [UInt8]) throws -> PlayerIdentity {
        try JSONDecoder().decode(PlayerIdentity.self, from: Data(bytes))
    }

    func save(to path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try DurableFile.replace(path, with: [UInt8](try JSONEncoder().encode(self)))
    }
}

/// The state shared between the runtime's thread, the event loops and the answers' queue.
struct Mailbox {
    struct Entry {
        let kind: LeaderboardRequestKind
        let done: DispatchSemaphore  // signalled once `result` is set
        var task: HTTPClient.Task<HTTPClient.Response>?  // its exchange under way, if any
        var result: LeaderboardResult?
    }
    var entries: [Int64: Entry] = [:]  // started and not yet taken or cancelled
    var queue: [Int64] = []  // waiting for their turn, in sending order
    var running: Int64?  // the one whose exchange with the server is under way
    var identity: PlayerIdentity?
    var players: Set<Int64> = []  // every identity this installation has had (the auditor reads their rows)
    var refused: Set<Int64> = []  // keys settled by a refusal (422): never stored
    var cancelledTasks = 0
    var droppedAnswers = 0
    var isClosed = false  // the HTTP client was shut down

    /// Request `id`'s exchange is over without a result to keep (it was cancelled): the next one to send, if any.
    mutating func release(_ id: Int64) -> (Int64, LeaderboardRequestKind)? {
        guard running == id else { return nil }
        running = nil
        return takeNext()
    }

    /// The next request to send, if none is under way; it becomes the running one.
    mutating func takeNext() -> (Int64, LeaderboardRequestKind)? {
        guard running == nil, !queue.isEmpty else { return nil }
        let id = queue.removeFirst()
        running = id
        return entries[id].map { (id, $0.kind) }
    }
}
