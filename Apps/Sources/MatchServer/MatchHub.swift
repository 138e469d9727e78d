// MatchHub: the match server's state, in memory (matches are short): connections, their names, the matches (per
// level and room) and who is in each, and the rules (MatchPolicy). One lock; each connection's outgoing messages go
// into its own bounded outbox (an AsyncStream its WebSocket writer drains), so nothing here waits on a socket.
// A connection that sends something wrong is answered with an `error` and closed; the others in its match are
// told `left` (reason `dropped`), and go on being served.

import Foundation
import MatchWire
import Synchronization

/// How a connection ended.
enum Ending: Sendable, Equatable {
    case closed  // the client closed or the socket broke
    case refused(MatchWireError)  // bad input: answered with an error
    case notUTF8(offset: Int)  // a text message that is not UTF-8: answered with an error, closed with 1007
    case timedOut
    case slow  // its outbox overflowed
    case shutdown  // the server is stopping

    var reason: MatchLeftReason {
        switch self {
        case .timedOut: return .timedOut
        case .closed, .refused, .notUTF8, .slow, .shutdown: return .dropped
        }
    }

    /// The WebSocket close code after the error, when it is not 1000: 1007 for text that is not UTF-8 (RFC 6455
    /// §7.4.1).
    var closeCode: UInt16? {
        if case .notUTF8 = self { return 1007 }
        return nil
    }

    var error: MatchWireError? {
        switch self {
        case .closed: return nil
        case .refused(let error): return error
        case .notUTF8(let offset):
            return MatchWireError(.malformed, "a text message that is not UTF-8 (at byte \(offset))")
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
    let network: String  // its network's key (ClientAddress.network: /24, /48)
    let connectedAt: UInt64  // ns, uptime
    let rate: MessageRate  // shared with its FrameGuard, which counts its ping and pong frames
    var name: String?
    var nameKey = ""  // matchNameKey(name), set with it at hello (Docs/Contract.md §12)
    var match: MatchKey?
    var outOfMatchSince: UInt64?  // ns, uptime: since its hello or its leave, while it is in no match
    var joins = 0
    var lastHeard: UInt64
    var ending: Ending?  // set from outside the connection (shutdown, overflow, shed): its watcher ends it
}

/// Who opened a match (its first player's client and network), counted against their caps while it is open.
struct Opener: Equatable {
    let address: String
    let network: String
}

struct HubState {
    var nextID = 1
    var peers: [Int: PeerRecord] = [:]
    var connectionsByAddress: [String: Int] = [:]  // open connections per client key
    var connectionsByNetwork: [String: Int] = [:]  // open connections per network key
    var shed: Set<Int> = []  // connections closed to make room for a newer one, until they end
    var shedCount = 0
    var matches: [MatchKey: [Int]] = [:]  // ids in joining order
    var creators: [MatchKey: Opener] = [:]  // who opened each match (named room or default)
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

    /// A new connection from the client `address` in `network` (their `ClientAddress` keys; the network defaults to
    /// the address), counting its messages in `rate`; or the refusal to send it when that client's or network's
    /// share is full, or the server is stopping. When every connection slot is taken, the connection that has been
    /// longest outside a match is closed (`full`) to make room, so that connections which never join cannot keep a
    /// player out; only when every connection is in a match is the newcomer refused.
    func connect(
        _ outbox: AsyncStream<String>.Continuation, address: String = "local", network: String? = nil,
        rate: MessageRate? = nil
    ) -> Result<Int, MatchWireError> {
        let now = Self.now()
        let network = network ?? address
        return state.withLock { hub in
            if hub.shuttingDown { return .failure(MatchWireError(.shutdown, "the match server is shutting down")) }
            guard hub.connectionsByAddress[address, default: 0] < policy.maximumConnectionsPerAddress else {
                let limit = policy.maximumConnectionsPerAddress
                return .failure(MatchWireError(.full, "your address holds its most connections (\(limit))"))
            }
            guard hub.connectionsByNetwork[network, default: 0] < policy.maximumConnectionsPerNetwork else {
                let limit = policy.maximumConnectionsPerNetwork
                return .failure(
                    MatchWireError(.full, "your network (\(network)) holds its most connections (\(limit))"))
            }
            if hub.peers.count - hub.shed.count >= policy.maximumConnections {
                guard let victim = Self.longestOutsideAMatch(in: hub) else {
                    return .failure(
                        MatchWireError(.full, "the server holds its most connections (\(policy.maximumConnections))"))
                }
                hub.peers[victim]?.ending = .refused(
                    MatchWireError(.full, "the server is full, and this connection was the longest outside a match"))
                hub.shed.insert(victim)
                hub.shedCount += 1
            }
            let id = hub.nextID
            hub.nextID += 1
            hub.peers[id] = PeerRecord(
                outbox: outbox, address: address, network: network, connectedAt: now,
                rate: rate ?? MessageRate(policy), lastHeard: now)
            hub.connectionsByAddress[address, default: 0] += 1
            hub.connectionsByNetwork[network, default: 0] += 1
            return .success(id)
        }
    }

    /// The connection that has been longest outside a match (connected or left the longest ago), not already ending.
    private static func longestOutsideAMatch(in hub: HubState) -> Int? {
        hub.peers.filter { $0.value.match == nil && $0.value.ending == nil }
            .min {
                ($0.value.outOfMatchSince ?? $0.value.connectedAt) < ($1.value.outOfMatchSince ?? $1.value.connectedAt)
            }?
            .key
    }

    /// Connections closed so far to make room for a newer one when every slot was taken.
    public var shedCount: Int { state.withLock { $0.shedCount } }

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

    /// Why connection `id` must end now (idle, overflowed, shed, shutting down, over its rate in pings, no hello or
    /// no join by its deadline), or nil. Only `hello` ends the hello deadline and only a join the join deadline:
    /// messages (`ping`) and WebSocket pings keep a connection from idling out, never from these.
    func check(_ id: Int) -> Ending? {
        let now = Self.now()
        return state.withLock { hub in
            guard let peer = hub.peers[id] else { return .closed }
            if let ending = peer.ending { return ending }
            if peer.rate.isSpentByControlFrames { return .refused(peer.rate.refusal) }
            if Self.isSilent(since: peer.lastHeard, now: now, for: policy.idleTimeout) { return .timedOut }
            if peer.name == nil, Self.isSilent(since: peer.connectedAt, now: now, for: policy.helloTimeout) {
                return .refused(MatchWireError(.timeout, "no hello within \(policy.helloTimeout) s of connecting"))
            }
            if peer.match == nil, let since = peer.outOfMatchSince,
                Self.isSilent(since: since, now: now, for: policy.joinTimeout)
            {
                return .refused(
                    MatchWireError(.timeout, "no join within \(policy.joinTimeout) s of hello or of leaving a match"))
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
            guard let peer = hub.peers[id] else { return nil }
            hub.peers[id]?.lastHeard = now
            guard peer.rate.take(now: now) else { return peer.rate.refusal }
            let message: MatchClientMessage
            switch decoded {
            case .success(let value): message = value
            case .failure(let error): return error
            }
            return apply(message, from: id, now: now, in: &hub)
        }
    }

    private func apply(
        _ message: MatchClientMessage, from id: Int, now: UInt64, in hub: inout HubState
    ) -> MatchWireError? {
        guard var peer = hub.peers[id] else { return nil }
        switch message {
        case .hello(_, let name):
            guard peer.name == nil else { return MatchWireError(.order, "a second hello on one connection") }
            do throws(MatchWireError) { peer.nameKey = try matchNameKey(name) } catch { return error }
            peer.name = name
            peer.outOfMatchSince = now
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
            if let refusal = networkRefusal(joining: key, isNew: members.isEmpty, peer: peer, in: hub) {
                return refusal
            }
            guard !members.isEmpty || hub.matches.count < policy.maximumMatches else {
                return MatchWireError(.limit, "the server holds its most matches (\(policy.maximumMatches))")
            }
            removeFromMatch(id, reason: .left, in: &hub)
            if members.isEmpty { hub.creators[key] = Opener(address: peer.address, network: peer.network) }
            peer = hub.peers[id] ?? peer
            peer.joins += 1
            peer.match = key
            peer.outOfMatchSince = nil
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
            if hub.peers[id]?.outOfMatchSince == nil { hub.peers[id]?.outOfMatchSince = now }
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
                hub.creators.filter({ !$0.key.room.isEmpty && $0.value.address == address }).count
                    >= policy.maximumRoomsPerAddress
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

    /// Why a join of `key` is refused by the caps of the joiner's network (IPv4 /24, IPv6 /48), or nil: its seats
    /// in the level's default matches, and, when the join opens the match (`isNew`), the matches it has opened.
    private func networkRefusal(joining key: MatchKey, isNew: Bool, peer: PeerRecord, in hub: HubState)
        -> MatchWireError?
    {
        let network = peer.network
        if key.room.isEmpty {
            let seats = hub.matches.filter { $0.key.level == key.level && $0.key.room.isEmpty }.values.joined()
                .filter { hub.peers[$0]?.network == network }.count
            guard seats < policy.maximumDefaultSeatsPerNetwork else {
                let limit = policy.maximumDefaultSeatsPerNetwork
                return MatchWireError(
                    .limit,
                    "your network (\(network)) holds its most seats (\(limit)) in the matches of level \(key.level)")
            }
        }
        guard isNew else { return nil }
        guard hub.creators.values.filter({ $0.network == network }).count < policy.maximumMatchesPerNetwork else {
            let limit = policy.maximumMatchesPerNetwork
            return MatchWireError(.limit, "your network (\(network)) has opened its most matches (\(limit))")
        }
        return nil
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
            hub.shed.remove(id)
            let left = hub.connectionsByAddress[peer.address, default: 1] - 1
            hub.connectionsByAddress[peer.address] = left > 0 ? left : nil
            let leftInNetwork = hub.connectionsByNetwork[peer.network, default: 1] - 1
            hub.connectionsByNetwork[peer.network] = leftInNetwork > 0 ? leftInNetwork : nil
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
