// MatchConnection: the game's connection to a match server (MatchServer) over WebSocket (swift-websocket's
// WSClient, on SwiftNIO), speaking MatchWire's protocol. Made for a caller on a plain thread (the runtime's, or the
// bot's): `connect` blocks until the server has welcomed the player and put it in the match (or a deadline passes);
// `send` queues without blocking; received messages land in a lock-protected inbox that `poll()` empties without
// blocking and `next(timeout:)` waits on for a bounded time; `close()` says goodbye and closes the socket, waiting
// at most a second. The socket's work runs on NIO's event loops and Swift tasks, never on the caller's thread.
// Never call the blocking members from inside an async task: they wait on a condition.

import Foundation
import Logging
import MatchWire
import NIOCore
import Synchronization
import WSClient

/// Why a match connection could not be made.
public enum MatchConnectionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Not a ws:// or http:// URL with a host.
    case badURL(String)
    /// No server answered there (refused, no route, not a WebSocket server).
    case unreachable(url: String, why: String)
    /// The server refused the hello or the join (version, name, full, ...).
    case refused(MatchWireError)
    /// No welcome and join within the deadline.
    case timedOut(url: String, seconds: Double)

    public var description: String {
        switch self {
        case .badURL(let url): return "not a match server URL: '\(url)' (expected ws://HOST:PORT\(MatchProtocol.path))"
        case .unreachable(let url, let why): return "no match server at \(url): \(why)"
        case .refused(let error): return "the match server refused: \(error.message) (\(error.code.rawValue))"
        case .timedOut(let url, let seconds): return "the match server at \(url) did not answer within \(seconds) s"
        }
    }
}

/// How a connection ended.
public enum MatchClosure: Hashable, Sendable, CustomStringConvertible {
    /// `close()` was called.
    case byClient
    /// The server sent an error, then closed (e.g. `shutdown` when it stops, `timeout` after silence).
    case refused(MatchWireError)
    /// The server closed without saying why.
    case serverClosed
    /// The socket broke, or the server sent something this client refuses.
    case failed(String)

    public var description: String {
        switch self {
        case .byClient: return "closed"
        case .refused(let error): return "refused by the server: \(error.message)"
        case .serverClosed: return "the match server closed the connection"
        case .failed(let why): return "the connection failed: \(why)"
        }
    }
}

/// One connection to a match, from `connect` to `close`. Thread-safe.
public final class MatchConnection: Sendable {
    /// What the inbox holds: a message from the server, then, once, how the connection ended.
    public enum Event: Hashable, Sendable {
        case message(MatchServerMessage)
        case closed(MatchClosure)
    }

    /// The server's URL (normalised: ws://HOST:PORT/match).
    public let url: String
    /// The id the server gave this player (other players' messages carry theirs).
    public let playerID: Int
    public let name: String
    public let level: Int
    public let room: String
    let core: Core

    /// The most events the inbox keeps; beyond it the oldest are dropped (a caller that never polls).
    public static let inboxLimit = 4096
    /// A `ping` goes out this often, so the server's idle timeout only drops a client that really went silent.
    public static let keepAliveInterval = 1.0

    /// Connects to `url`, says hello as `name` and joins the match of `level` (and `room`); returns once the server
    /// has put the player in the match. Throws after `timeout` seconds without that, on a refusal, or when nothing
    /// answers; the socket is closed then. Call from a plain thread, not from an async task.
    public static func connect(
        url: String, name: String, level: Int, room: String = "", timeout: Double = 5
    ) throws(MatchConnectionError) -> MatchConnection {
        guard let normalised = normalise(url) else { throw .badURL(url) }
        do { try validateMatchName(name) } catch { throw .refused(error) }
        let core = Core()
        core.start(url: normalised, hello: .hello(version: MatchProtocol.version, name: name), level: level, room: room)
        let outcome = core.waitForJoin(deadline: Date().addingTimeInterval(timeout))
        switch outcome {
        case .joined(let id):
            return MatchConnection(url: normalised, playerID: id, name: name, level: level, room: room, core: core)
        case .ended(let closure):
            core.close(goodbye: false, timeout: 1)
            switch closure {
            case .refused(let error): throw .refused(error)
            case .failed(let why):
                let short =
                    why.contains("Connection refused")
                    ? "connection refused (is `interlude match serve` running there?)"
                    : why.contains("invalidUpgradeResponse") || why.contains("HTTP")
                        ? "it answered, but not as a WebSocket match server" : why
                throw .unreachable(url: normalised, why: short)
            case .serverClosed, .byClient:
                throw .unreachable(url: normalised, why: "the connection closed before the join")
            }
        case .waiting:
            core.close(goodbye: false, timeout: 1)
            throw .timedOut(url: normalised, seconds: timeout)
        }
    }

    init(url: String, playerID: Int, name: String, level: Int, room: String, core: Core) {
        self.url = url
        self.playerID = playerID
        self.name = name
        self.level = level
        self.room = room
        self.core = core
    }

    deinit { core.close(goodbye: false, timeout: 1) }

    /// True from the join until the connection ends or `close()` is called: the real socket's fact.
    public var isConnected: Bool { core.isConnected }

    /// How the connection ended, or nil while it is open.
    public var closure: MatchClosure? { core.closure }

    /// Queues `message` for the server (a game message, leave, ping); false when the connection has ended.
    @discardableResult public func send(_ message: MatchClientMessage) -> Bool { core.send(message.json) }

    /// Queues `text` as a text frame, whatever it holds: a client that sends what the wire refuses (the
    /// simulation's `network.match.peerGarbage`, hostile-input tests); false when the connection has ended.
    @discardableResult public func sendRaw(_ text: String) -> Bool { core.send(text) }

    /// The name of player `id`, from its `joined` (kept after it left, so late messages can still be named).
    public func name(of id: Int) -> String? { core.name(of: id) }

    /// Takes every event received so far, oldest first, without blocking.
    public func poll() -> [Event] { core.poll() }

    /// Takes the oldest event, waiting up to `timeout` seconds for one; nil if none came.
    public func next(timeout: Double) -> Event? { core.next(deadline: Date().addingTimeInterval(timeout)) }

    /// Leaves (with `goodbye`, the others are told `left`, reason `left`; without, `dropped`) and closes the socket,
    /// waiting up to `timeout` seconds for it to be closed. `isConnected` is false as soon as this is called.
    /// Idempotent.
    public func close(goodbye: Bool = true, timeout: Double = 1) { core.close(goodbye: goodbye, timeout: timeout) }

    /// ws://HOST:PORT/match from ws://, wss://, http:// or https:// URLs, the path defaulting to /match.
    static func normalise(_ text: String) -> String? {
        guard var parts = URLComponents(string: text), let scheme = parts.scheme?.lowercased(),
            let host = parts.host, !host.isEmpty
        else { return nil }
        switch scheme {
        case "ws", "http": parts.scheme = "ws"
        case "wss", "https": parts.scheme = "wss"
        default: return nil
        }
        if parts.path.isEmpty || parts.path == "/" { parts.path = MatchProtocol.path }
        return parts.string
    }
}

/// The state shared by the caller's thread and the socket's tasks.
final class Core: @unchecked Sendable {
    enum Outgoing: Sendable {
        case text(String)
        case close
    }

    enum JoinOutcome {
        case waiting
        case joined(Int)
        case ended(MatchClosure)
    }

    // Guarded by `condition`.
    private let condition = NSCondition()
    private var events: [MatchConnection.Event] = []
    private var playerID: Int?
    private var names: [Int: String] = [:]
    private var joined = false
    private var ended: MatchClosure?
    private var closing = false
    private var task: Task<Void, Never>?

    private let outgoing: AsyncStream<Outgoing>
    private let outbox: AsyncStream<Outgoing>.Continuation
    private let finished = DispatchSemaphore(value: 0)

    init() {
        (outgoing, outbox) = AsyncStream<Outgoing>.makeStream(bufferingPolicy: .bufferingOldest(1024))
    }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }

    var isConnected: Bool { locked { joined && ended == nil && !closing } }
    var closure: MatchClosure? { locked { ended } }

    func start(url: String, hello: MatchClientMessage, level: Int, room: String) {
        var logger = Logger(label: "interlude.match.client")
        logger.logLevel = .critical
        let configuration = WebSocketClientConfiguration(
            maxFrameSize: MatchProtocol.maximumFrameBytes, closeTimeout: .seconds(1), validateUTF8: true)
        let outgoing = self.outgoing
        let task = Task.detached { [self] in
            var why: MatchClosure = .serverClosed
            do {
                try await WebSocketClient.connect(url: url, configuration: configuration, logger: logger) {
                    [self] inbound, outbound, _ in
                    try await outbound.write(.text(hello.json))
                    try await outbound.write(.text(MatchClientMessage.join(level: level, room: room).json))
                    await withTaskGroup(of: Void.self) { group in
                        group.addTask {
                            for await item in outgoing {
                                switch item {
                                case .text(let text):
                                    do { try await outbound.write(.text(text)) } catch { return }
                                case .close:
                                    try? await outbound.close(.normalClosure, reason: "goodbye")
                                    return
                                }
                            }
                        }
                        group.addTask { [self] in
                            while !Task.isCancelled {
                                try? await Task.sleep(for: .seconds(MatchConnection.keepAliveInterval))
                                if Task.isCancelled { break }
                                _ = send(MatchClientMessage.ping.json)
                            }
                        }
                        do {
                            for try await message in inbound.messages(maxSize: MatchProtocol.maximumFrameBytes) {
                                guard case .text(let text) = message else {
                                    self.finish(.failed("the server sent a binary frame"))
                                    break
                                }
                                if !self.receive(text) { break }
                            }
                        } catch {
                            self.finish(.failed("\(error)"))
                        }
                        group.cancelAll()
                    }
                }
            } catch {
                why = .failed("\(error)")
            }
            finish(why)
            finished.signal()
        }
        locked { self.task = task }
    }

    /// One frame from the server; false: stop reading (the connection is refused or failed).
    private func receive(_ text: String) -> Bool {
        let message: MatchServerMessage
        do {
            message = try MatchServerMessage(json: text)
        } catch {
            finish(.failed("the server sent a message this client refuses: \(error)"))
            return false
        }
        return locked {
            switch message {
            case .welcome(_, let id):
                playerID = id
            case .joined(let id, let name) where id == playerID && !joined:
                names[id] = name
                joined = true
            case .joined(let id, let name):
                names[id] = name
                append(.message(message))
            case .error(let code, let text):
                append(.message(message))
                if ended == nil { ended = .refused(MatchWireError(code, text)) }
            default:
                append(.message(message))
            }
            condition.broadcast()
            return true
        }
    }

    private func append(_ event: MatchConnection.Event) {
        if events.count >= MatchConnection.inboxLimit {
            events.removeFirst(events.count - MatchConnection.inboxLimit + 1)
        }
        events.append(event)
    }

    /// The connection ended (first reason wins); the inbox gets `.closed` once.
    private func finish(_ closure: MatchClosure) {
        locked {
            if ended == nil { ended = closing ? .byClient : closure }
            if !events.contains(where: { if case .closed = $0 { return true } else { return false } }) {
                append(.closed(ended ?? closure))
            }
            condition.broadcast()
        }
        outbox.finish()
    }

    func waitForJoin(deadline: Date) -> JoinOutcome {
        locked {
            while true {
                if joined, let playerID { return .joined(playerID) }
                if let ended { return .ended(ended) }
                if !condition.wait(until: deadline) { return .waiting }
            }
        }
    }

    func send(_ text: String) -> Bool {
        guard locked({ ended == nil && !closing }) else { return false }
        if case .enqueued = outbox.yield(.text(text)) { return true }
        return false
    }

    func name(of id: Int) -> String? { locked { names[id] } }

    func poll() -> [MatchConnection.Event] {
        locked {
            defer { events.removeAll() }
            return events
        }
    }

    func next(deadline: Date) -> MatchConnection.Event? {
        locked {
            while events.isEmpty {
                if !condition.wait(until: deadline) { break }
            }
            return events.isEmpty ? nil : events.removeFirst()
        }
    }

    func close(goodbye: Bool, timeout: Double) {
        let (wasClosing, task, live) = locked { () -> (Bool, Task<Void, Never>?, Bool) in
            defer { closing = true }
            return (closing, self.task, ended == nil)
        }
        guard !wasClosing, let task else { return }
        if live {
            if goodbye { outbox.yield(.text(MatchClientMessage.leave.json)) }
            outbox.yield(.close)
        }
        outbox.finish()
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            task.cancel()
            _ = finished.wait(timeout: .now() + 2)
        }
        finished.signal()  // a second close() (from deinit) must not wait again
    }
}
