// MatchHub: the match server's state, in memory (matches are short): connections, their names, the matches (per
// level and room) and who is in each, and the rules (MatchPolicy). One lock; each connection's outgoing messages go
// into its own bounded outbox (an AsyncStream its WebSocket writer drains), so nothing here waits on a socket.
// A connection that sends something wrong is answered with an `error` and closed; the others in its match are
// told `left` (reason `dropped`), and go on being served.

import Foundation
import MatchWire
import Synchronization

/// The match server's limits. Tests shorten the timeout.
public struct MatchPolicy: Sendable {
    /// Seconds a connection may stay silent (no message, not even `ping`) before it is dropped (`timedOut`).
    public var idleTimeout: Double = 5
    /// How often the idle check runs, in seconds.
    public var watchInterval: Double = 0.1
    public var maximumPlayersPerMatch = 8
    public var maximumMatches = 1024
    public var maximumConnections = 4096
    /// Connections one client may hold at once, counted by its address (IPv4 /32, IPv6 /64: `ClientAddress`), so
    /// that one client cannot take every slot.
    public var maximumConnectionsPerAddress = 64
    /// Seconds a new connection has to say `hello`; `ping` does not extend it, so a connection that never joins
    /// cannot hold a slot by pinging.
    public var helloTimeout: Double = 5
    /// Seconds a TCP connection has to complete its WebSocket upgrade (a silent or trickled request head is closed
    /// then), and the most connections waiting for theirs at once, in all and from one client (`UpgradeGate`).
    public var upgradeTimeout: Double = 5
    public var maximumWaitingUpgrades = 512
    public var maximumWaitingUpgradesPerAddress = 32
    /// The largest request head the upgrade may send: all its header fields together, one field, and how many (a
    /// browser's or the game's upgrade is well under 2 KiB and 16 fields); a larger head is refused and closed.
    public var maximumHeaderBytes = 8192
    public var maximumHeaderFieldBytes = 4096
    public var maximumHeaderFields = 32
    /// Joins one connection may make (a re-join after a call is a new connection).
    public var maximumJoinsPerConnection = 8
    /// Seats one client (by address) may hold in a level's default matches, and named rooms it may have opened at
    /// once: so that one client cannot fill the matches a game joins by default, nor every match slot.
    public var maximumDefaultSeatsPerAddress = 4
    public var maximumRoomsPerAddress = 16
    /// Messages per second a connection may send on average (a game's 30 states a second, its other messages,
    /// pings), and in a burst.
    public var messagesPerSecond = 120.0
    public var messageBurst = 240.0
    /// Messages waiting for a slow reader before it is dropped.
    public var outboxLimit = 1024

    public init() {}
}

/// How a connection ended.
enum Ending: Sendable, Equatable {
    case closed  // the client closed or the socket broke
    case refused(MatchWireError)  // bad input: answered with an error
    case timedOut
    case slow  // its outbox overflowed
    case shutdown  // the server is stopping

    var reason: MatchLeftReason {
        switch self {
        case .timedOut: return .timedOut
        case .closed, .refused, .slow, .shutdown: return .dropped
        }
    }

    var error: MatchWireError? {
        switch self {
        case .closed: return nil
        case .refused(let error): return error
        case .timedOut: return MatchWireError(.timeout, "no message for the idle timeout")
        case .slow: return MatchWireError(.rate, "too many messages waiting for you to read them")
        case .shutdown: return MatchWireError(.shutdown, "the match server is shutting down")
        }
    }
}

struct MatchKey: Hashable, Sendable {
    let level: Int
    let room: String
    /// Which of a level's default matches (room ""): 0 is the first, another opens when those before it are full.
    var part = 0
}

struct PeerRecord {
    let outbox: AsyncStream<String>.Continuation
    let address: String  // its client's key (ClientAddress)
    let connectedAt: UInt64  // ns, uptime
    var name: String?
    var nameKey = ""  // matchNameKey(name), set with it at hello (Docs/Contract.md §12)
    var match: MatchKey?
    var joins = 0
    var tokens: Double
    var lastRefill: UInt64
    var lastHeard: UInt64
    var ending: Ending?  // set from outside the connection (shutdown, overflow): its watcher ends it
}

struct HubState {
    var nextID = 1
    var peers: [Int: PeerRecord] = [:]
    var connectionsByAddress: [String: Int] = [:]  // open connections per client key
    var matches: [MatchKey: [Int]] = [:]  // ids in joining order
    var creators: [MatchKey: String] = [:]  // the client key that opened each named room's match
    var shuttingDown = false
    var messagesRelayed: UInt64 = 0
}

/// The server's state and rules. Thread-safe.
public final class MatchHub: Sendable {
    public let policy: MatchPolicy
    let state = Mutex(HubState())
    /// The connections not yet upgraded to WebSocket (counted, capped, closed at their deadline).
    public let upgradeGate: UpgradeGate

    public init(policy: MatchPolicy = MatchPolicy()) {
        self.policy = policy
        upgradeGate = UpgradeGate(
            deadline: policy.upgradeTimeout, limit: policy.maximumWaitingUpgrades,
            limitPerAddress: policy.maximumWaitingUpgradesPerAddress)
    }

    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Open connections.
    public var connectionCount: Int { state.withLock { $0.peers.count } }
    /// Matches with at least one player.
    public var matchCount: Int { state.withLock { $0.matches.count } }
    /// Game messages (`send`) handed to other players so far.
    public var messagesRelayed: UInt64 { state.withLock { $0.messagesRelayed } }

    /// The players in the match of `level` and `room`, in joining order (`part`: which of the level's default
    /// matches, when the first is full).
    public func players(level: Int, room: String = "", part: Int = 0) -> [String] {
        state.withLock { hub in
            (hub.matches[MatchKey(level: level, room: room, part: part)] ?? []).compactMap { hub.peers[$0]?.name }
        }
    }

    /// A new connection from the client `address` (its `ClientAddress` key), or the refusal to send it when the
    /// server, or that client's share of it, is full, or the server is stopping.
    func connect(_ outbox: AsyncStream<String>.Continuation, address: String = "local") -> Result<Int, MatchWireError> {
        let now = Self.now()
        return state.withLock { hub in
            if hub.shuttingDown { return .failure(MatchWireError(.shutdown, "the match server is shutting down")) }
            guard hub.peers.count < policy.maximumConnections else {
                return .failure(
                    MatchWireError(.full, "the server holds its most connections (\(policy.maximumConnections))"))
            }
            guard hub.connectionsByAddress[address, default: 0] < policy.maximumConnectionsPerAddress else {
                let limit = policy.maximumConnectionsPerAddress
                return .failure(MatchWireError(.full, "your address holds its most connections (\(limit))"))
            }
            let id = hub.nextID
            hub.nextID += 1
            hub.peers[id] = PeerRecord(
                outbox: outbox, address: address, connectedAt: now, tokens: policy.messageBurst, lastRefill: now,
                lastHeard: now)
            hub.connectionsByAddress[address, default: 0] += 1
            return .success(id)
        }
    }

    /// Open connections from the client key `address` (for tests and the operator).
    public func connectionCount(address: String) -> Int {
        state.withLock { $0.connectionsByAddress[address, default: 0] }
    }

    /// Whether nothing was heard for more than `seconds` since `lastHeard`. `now` may be earlier than `lastHeard`: the
    /// check reads the clock before taking the lock, and a message received meanwhile (on another thread, its clock
    /// read later) sets `lastHeard` past it. That is "just heard"; the wrapping difference once read it as centuries
    /// of silence, and a fresh connection under load was dropped as idle.
    static func isSilent(since lastHeard: UInt64, now: UInt64, for seconds: Double) -> Bool {
        now > lastHeard && Double(now - lastHeard) / 1e9 > seconds
    }

    /// Why connection `id` must end now (idle, overflowed, shutting down), or nil.
    func check(_ id: Int) -> Ending? {
        let now = Self.now()
        return state.withLock { hub in
            guard let peer = hub.peers[id] else { return .closed }
            if let ending = peer.ending { return ending }
            if Self.isSilent(since: peer.lastHeard, now: now, for: policy.idleTimeout) { return .timedOut }
            if peer.name == nil, Self.isSilent(since: peer.connectedAt, now: now, for: policy.helloTimeout) {
                return .refused(MatchWireError(.timeout, "no hello within \(policy.helloTimeout) s of connecting"))
            }
            return nil
        }
    }

    /// Handles one text frame of connection `id`; an error means: answer it and close.
    func receive(_ id: Int, _ text: String) -> MatchWireError? {
        let now = Self.now()
        // Decoding and its checks run outside the lock.
        let decoded = Result { () throws(MatchWireError) in try MatchClientMessage(json: text) }
        return state.withLock { hub -> MatchWireError? in
            guard var peer = hub.peers[id] else { return nil }
            peer.lastHeard = now
            let elapsed = now > peer.lastRefill ? Double(now - peer.lastRefill) / 1e9 : 0
            peer.tokens = min(policy.messageBurst, peer.tokens + elapsed * policy.messagesPerSecond)
            peer.lastRefill = now
            peer.tokens -= 1
            hub.peers[id] = peer
            guard peer.tokens >= 0 else {
                return MatchWireError(
                    .rate,
                    "more than \(Int(policy.messagesPerSecond)) messages a second (burst \(Int(policy.messageBurst)))")
            }
            let message: MatchClientMessage
            switch decoded {
            case .success(let value): message = value
            case .failure(let error): return error
            }
            return apply(message, from: id, in: &hub)
        }
    }

    private func apply(_ message: MatchClientMessage, from id: Int, in hub: inout HubState) -> MatchWireError? {
        guard var peer = hub.peers[id] else { return nil }
        switch message {
        case .hello(_, let name):
            guard peer.name == nil else { return MatchWireError(.order, "a second hello on one connection") }
            do throws(MatchWireError) { peer.nameKey = try matchNameKey(name) } catch { return error }
            peer.name = name
            hub.peers[id] = peer
            send(.welcome(version: MatchProtocol.version, id: id), to: id, in: &hub)
        case .join(let level, let room):
            guard let name = peer.name else { return MatchWireError(.order, "join before hello") }
            guard peer.joins < policy.maximumJoinsPerConnection else {
                return MatchWireError(
                    .limit, "more than \(policy.maximumJoinsPerConnection) joins on one connection; connect again")
            }
            if let current = peer.match, current.level == level, current.room == room {
                return MatchWireError(.order, "already in the match of level \(level)")
            }
            let key: MatchKey
            switch chooseMatch(level: level, room: room, nameKey: peer.nameKey, address: peer.address, in: hub) {
            case .success(let chosen): key = chosen
            case .failure(let error): return error
            }
            let members = hub.matches[key] ?? []
            guard !members.isEmpty || hub.matches.count < policy.maximumMatches else {
                return MatchWireError(.limit, "the server holds its most matches (\(policy.maximumMatches))")
            }
            removeFromMatch(id, reason: .left, in: &hub)
            if members.isEmpty, !room.isEmpty { hub.creators[key] = peer.address }
            peer = hub.peers[id] ?? peer
            peer.joins += 1
            peer.match = key
            hub.peers[id] = peer
            hub.matches[key] = members + [id]
            send(.joined(id: id, name: name), to: id, in: &hub)
            for other in members {
                if let otherName = hub.peers[other]?.name {
                    send(.joined(id: other, name: otherName), to: id, in: &hub)
                }
                send(.joined(id: id, name: name), to: other, in: &hub)
            }
        case .send(let tick, let data):
            guard let key = peer.match else { return MatchWireError(.order, "send before join") }
            relay(.message(id: id, tick: tick, data: data), from: id, key: key, in: &hub)
        case .leave:
            removeFromMatch(id, reason: .left, in: &hub)
        case .ping:
            break
        }
        return nil
    }

    private func relay(_ message: MatchServerMessage, from id: Int, key: MatchKey, in hub: inout HubState) {
        let text = message.json
        for other in hub.matches[key] ?? [] where other != id {
            sendText(text, to: other, in: &hub)
            hub.messagesRelayed &+= 1
        }
    }

    private func send(_ message: MatchServerMessage, to id: Int, in hub: inout HubState) {
        sendText(message.json, to: id, in: &hub)
    }

    private func sendText(_ text: String, to id: Int, in hub: inout HubState) {
        guard let peer = hub.peers[id], peer.ending == nil else { return }
        if case .dropped = peer.outbox.yield(text) { hub.peers[id]?.ending = .slow }
    }

    /// Takes `id` out of its match; the others are told `left` with `reason`.
    /// The match a join of `level` and `room` goes to, or why it is refused. A named room is that one match: its
    /// names must be free and it must have a seat, and a client opens at most `maximumRoomsPerAddress` rooms. The
    /// default match (room "") is never refused for want of a seat while the server has room: when the first is
    /// full, the join goes to the next of that level's default matches, opening one if need be; a client holds at
    /// most `maximumDefaultSeatsPerAddress` seats in them. One name, one player (Docs/Contract.md §12): a name whose
    /// key is a member's is refused, in a named room and in any of the level's default matches.
    private func chooseMatch(
        level: Int, room: String, nameKey: String, address: String, in hub: HubState
    ) -> Result<MatchKey, MatchWireError> {
        func taken(in members: some Sequence<Int>, _ place: String) -> MatchWireError? {
            guard let holder = members.first(where: { hub.peers[$0]?.nameKey == nameKey }) else { return nil }
            return MatchWireError(.name, "the name is taken in \(place) by '\(hub.peers[holder]?.name ?? "?")'")
        }
        func hasSeat(_ key: MatchKey) -> MatchWireError? {
            let members = hub.matches[key] ?? []
            // No second `ann`, nor an `ANN`, `ann ` or Greek `ΑΝΝ`: one key, one player.
            if let refusal = taken(in: members, "the match of level \(level)") { return refusal }
            guard members.count < policy.maximumPlayersPerMatch else {
                return MatchWireError(
                    .full, "the match of level \(level) has its most players (\(policy.maximumPlayersPerMatch))")
            }
            return nil
        }
        guard room.isEmpty else {
            let key = MatchKey(level: level, room: room)
            if let refusal = hasSeat(key) { return .failure(refusal) }
            if hub.matches[key] == nil,
                hub.creators.values.filter({ $0 == address }).count >= policy.maximumRoomsPerAddress
            {
                return .failure(
                    MatchWireError(.limit, "your address holds its most rooms (\(policy.maximumRoomsPerAddress))"))
            }
            return .success(key)
        }
        // A look-alike of a player in any of the level's default matches is refused, never seated in another one
        // (where the player's friends would join it next).
        let defaults = hub.matches.filter { $0.key.level == level && $0.key.room.isEmpty }.values.joined()
        if let refusal = taken(in: defaults, "the matches of level \(level)") { return .failure(refusal) }
        let seats = hub.matches.filter { $0.key.level == level && $0.key.room.isEmpty }.values.joined()
            .filter { hub.peers[$0]?.address == address }.count
        guard seats < policy.maximumDefaultSeatsPerAddress else {
            let limit = policy.maximumDefaultSeatsPerAddress
            return .failure(
                MatchWireError(.limit, "your address holds its most seats (\(limit)) in the matches of level \(level)"))
        }
        var part = 0
        while hasSeat(MatchKey(level: level, room: "", part: part)) != nil { part += 1 }
        return .success(MatchKey(level: level, room: "", part: part))
    }

    private func removeFromMatch(_ id: Int, reason: MatchLeftReason, in hub: inout HubState) {
        guard let peer = hub.peers[id], let key = peer.match else { return }
        hub.peers[id]?.match = nil
        let rest = (hub.matches[key] ?? []).filter { $0 != id }
        hub.matches[key] = rest.isEmpty ? nil : rest
        if rest.isEmpty { hub.creators[key] = nil }
        for other in rest { send(.left(id: id, name: peer.name ?? "?", reason: reason), to: other, in: &hub) }
    }

    /// Ends connection `id`: the others in its match are told, it gets its error (if any), its outbox closes.
    func disconnect(_ id: Int, _ ending: Ending) {
        state.withLock { hub in
            guard let peer = hub.peers[id] else { return }
            removeFromMatch(id, reason: ending.reason, in: &hub)
            hub.peers[id] = nil
            let left = hub.connectionsByAddress[peer.address, default: 1] - 1
            hub.connectionsByAddress[peer.address] = left > 0 ? left : nil
            if let error = ending.error {
                peer.outbox.yield(MatchServerMessage.error(code: error.code, message: error.message).json)
            }
            peer.outbox.finish()
        }
    }

    /// Refuses new connections and marks every open one to end (each gets a `shutdown` error).
    public func shutdown() {
        state.withLock { hub in
            hub.shuttingDown = true
            for id in hub.peers.keys where hub.peers[id]?.ending == nil { hub.peers[id]?.ending = .shutdown }
        }
    }
}
