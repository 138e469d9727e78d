// URLSessionLeaderboard: the real leaderboard client (FoundationNetworking's URLSession) behind the runtime's
// `LeaderboardTransport` port. Requests run on URLSession's threads; their answers land in a
// lock-protected mailbox (`Mutex`) that the runtime drains at the frame point. `cancel` really cancels the
// URLSessionTask (the socket closes) and drops the answer, even one that already arrived.
// Requests go to the server one at a time, in the order sent, so that the server sees what the game did
// in the game's order (a fetch sent after a submission sees it): replays stay deterministic.
// A player registers once per data folder: the id and token are kept in `leaderboard-player.json` beside
// the snapshot (written durably), or in memory for replays.

import Foundation
import Runtime
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real HTTP client of the leaderboard service.
public final class URLSessionLeaderboard: LeaderboardTransport, Sendable {
    /// The server, e.g. `http://127.0.0.1:8080`.
    public let baseURL: URL
    /// The level whose top list the leaderboard screen shows.
    public let topLevel: Int
    let playerName: String
    let identityFile: String?  // nil: the identity lives in memory only
    let onSetting: @Sendable (LeaderboardSetting) -> Void
    let waitLimit: Double  // seconds a virtual-paced take may wait for an answer
    /// Whether `cancel` also cancels the HTTP exchange (closing its socket), not only drops its answer. Replays on
    /// the embedded server turn it off: their latency is virtual, the server answers at once, and FoundationNetworking
    /// can trap when an exchange completes while being cancelled (see `cancel`).
    let cancelsExchanges: Bool
    let session: URLSession
    let mailbox = Mutex(Mailbox())

    /// A client of the server at `baseURL`. `onSetting` receives a script's `leaderboard` lines (an embedded
    /// server applies `down`/`up`); `identityFolder` keeps the player's token across launches (nil: memory).
    public init(
        baseURL: URL, playerName: String = "player", topLevel: Int = 1, identityFolder: String? = nil,
        waitLimit: Double = 10, cancelsExchanges: Bool = true,
        onSetting: @escaping @Sendable (LeaderboardSetting) -> Void = { _ in }
    ) {
        self.cancelsExchanges = cancelsExchanges
        self.baseURL = baseURL
        self.playerName = playerName
        self.topLevel = topLevel
        self.identityFile = identityFolder.map { $0 + "/leaderboard-player.json" }
        self.waitLimit = waitLimit
        self.onSetting = onSetting
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 10
        configuration.httpMaximumConnectionsPerHost = 4
        self.session = URLSession(configuration: configuration)
        let identity = identityFile.flatMap { try? PlayerIdentity.load(from: $0) }
        mailbox.withLock { $0.identity = identity }
    }

    // The last reference may go inside a URLSession callback, on the session's own queue, where invalidating
    // synchronously would wait for that queue itself: invalidate from another queue.
    deinit {
        let session = self.session
        DispatchQueue.global().async { session.invalidateAndCancel() }
    }

    /// Requests whose URLSession task reported cancellation (the socket was closed), for tests.
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

    /// Cancels the URLSessionTask (its socket closes) and forgets the request and any answer it had.
    public func cancel(_ id: Int64) {
        let (task, next) = mailbox.withLock { box -> (URLSessionDataTask?, (Int64, LeaderboardRequestKind)?) in
            guard let entry = box.entries.removeValue(forKey: id) else { return (nil, nil) }
            box.queue.removeAll { $0 == id }
            guard box.running == id else { return (nil, nil) }
            box.running = nil
            // An exchange whose answer has arrived is over: its answer is dropped, nothing is left to cancel.
            return (entry.result == nil ? entry.task : nil, box.takeNext())
        }
        // FoundationNetworking traps when a task completes while it is being cancelled (it is already gone from the
        // session's registry, "Trying to access a behaviour for a task that in not in the registry"): cancel only a
        // task still running. Seen in 1 replay in 8 under load without this check, 1 in 24 with it.
        if cancelsExchanges, let task, task.state == .running { task.cancel() }
        if let next { launch(next) }
    }

    /// Sends the HTTP exchange of a request whose turn has come.
    func launch(_ request: (id: Int64, kind: LeaderboardRequestKind)) {
        switch request.kind {
        case .fetchTop:
            fetchTop(request.id)
        case .submit(let score, let key):
            if let identity {
                submit(request.id, score: score, key: key, as: identity)
            } else {
                register(request.id, then: score, key)
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
}

/// Who this installation is on the server.
public struct PlayerIdentity: Codable, Sendable, Equatable {
    public let id: Int64
    public let token: String

    static func load(from path: String) throws -> PlayerIdentity? {
        // A regular file of at most 64 KiB: the identity is a few dozen bytes, and the folder is the user's.
        guard let bytes = try DurableFile.read(path, limit: 64 << 10) else { return nil }
        return try JSONDecoder().decode(PlayerIdentity.self, from: Data(bytes))
    }

    func save(to path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try DurableFile.replace(path, with: [UInt8](try JSONEncoder().encode(self)))
    }
}

/// The state shared between the runtime's thread and URLSession's threads.
struct Mailbox {
    struct Entry {
        let kind: LeaderboardRequestKind
        let done: DispatchSemaphore  // signalled once `result` is set
        var task: URLSessionDataTask?
        var result: LeaderboardResult?
    }
    var entries: [Int64: Entry] = [:]  // started and not yet taken or cancelled
    var queue: [Int64] = []  // waiting for their turn, in sending order
    var running: Int64?  // the one whose exchange with the server is under way
    var identity: PlayerIdentity?
    var cancelledTasks = 0
    var droppedAnswers = 0

    /// The next request to send, if none is under way; it becomes the running one.
    mutating func takeNext() -> (Int64, LeaderboardRequestKind)? {
        guard running == nil, !queue.isEmpty else { return nil }
        let id = queue.removeFirst()
        running = id
        return entries[id].map { (id, $0.kind) }
    }
}
