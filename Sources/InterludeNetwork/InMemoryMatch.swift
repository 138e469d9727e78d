// InMemoryMatch: the match without a network, for unit tests, the explorer and a replay without a server; and the
// oracle of `SocketMatchTransport`'s lockstep (the events it predicts are the ones the real socket must bring).
// Scripted peers send what the game's `MatchPilot` says, a "server" can go down, and the lockstep's schedule holds
// each message until its tick. Deterministic; no thread, no socket. Its network can be made to misbehave
// (`disturb`: a peer vanishes or sends garbage, the server stalls or sends garbage), which Replay's `FaultyMatch`
// does under a simulation or a script's fault lines (the `network.match.*` fault points of CONTRACT §6 ("Faults")).

import Lifecycle
import PlayerNames

/// The in-memory match of a game whose messages are `Message`.
public final class InMemoryMatch<Message: MatchMessage>: MatchTransport {
    public private(set) var isConnected = false
    public var isInMatch: Bool { isConnected }
    public private(set) var isServerUp = true
    /// Scripted peers on the server, in join order, each in the match of a level (`peerLevels`).
    public private(set) var peers: [MatchPeer] = []
    /// The level each scripted peer joined, by name: the level of our current (or last) match when it joined.
    public private(set) var peerLevels: [String: Int] = [:]
    /// The level of the match (the one we last joined; 1 before).
    public private(set) var level = 1
    /// The name we play under (the one we last joined with).
    public private(set) var ourName = "player"
    /// What the scripted peers send.
    public let pilot: MatchPilot<Message>
    /// The id the server gives the next connection: ids count connections (ours at each join, each scripted
    /// peer's) from 1, as the match server's do, and start again with a server that comes back up.
    private var nextID = 1
    private var due: [(tick: Int64, event: MatchEvent<Message>)] = []  // for us, in order of sending
    private var seenChanges: [String: [(tick: Int64, sees: Bool)]] = [:]  // per peer: when it sees us come and go

    /// A match whose scripted peers send what `pilot` says (default: nothing).
    public init(pilot: MatchPilot<Message> = .silent) {
        self.pilot = pilot
    }

    /// The scripted peer called `name`, if it is on the server.
    public func peer(named name: String) -> MatchPeer? { peers.first { $0.name == name } }

    /// The key `name` is compared by (`PlayerName.key`); a refused name is its own key (the player's own name
    /// before any join, "player", is never refused).
    static func key(_ name: String) -> String { (try? PlayerName.key(name)) ?? name }

    public func join(level: Int, name: String, tick: Int64) -> String? {
        guard isServerUp else { return "the match server is down" }
        if isConnected { leave(tick: tick) }
        // As the server's hello and join: a refused name, or one whose key a peer of that level's match has.
        let key: String
        do { key = try PlayerName.key(name) } catch { return error.description }
        if let peer = peers.first(where: { peerLevels[$0.name] == level && Self.key($0.name) == key }) {
            return "the name is taken in the matches of level \(level) by '\(peer.name)'"
        }
        isConnected = true
        nextID += 1
        self.level = level
        ourName = name
        let here = peers.filter { peerLevels[$0.name] == level }
        due = here.map { (tick + MatchLockstep.latency, .joined($0)) }
        for peer in here { noteSeen(peer.name, true, tick: tick) }
        return nil
    }

    public func leave(tick: Int64) {
        guard isConnected else { return }
        isConnected = false
        due = []
        for peer in peers where peerLevels[peer.name] == level { noteSeen(peer.name, false, tick: tick) }
    }

    public func exchange(tick: Int64, state: Message?, outgoing: [Message]) -> [MatchEvent<Message>] {
        guard isConnected else { return [] }
        if tick % MatchLockstep.replayStatePeriod == 0 {
            for peer in peers {
                guard let message = pilot.state(peer.name, peerLevels[peer.name] ?? level, tick) else { continue }
                send(.message(from: peer, message), tick: tick, from: peer.name)
            }
        }
        return takeDue(tick)
    }

    /// Its network can be made to misbehave (`disturb`).
    public var isDisturbable: Bool { true }
    /// The scripted peers of our match (the level's), in join order.
    public var matchedPeers: [String] { peers.filter { peerLevels[$0.name] == level }.map(\.name) }

    /// The network misbehaves (a run's `network.match.*` points): a peer of our match stalls or vanishes (the server
    /// times it out) or sends garbage (the server drops it), or the server stalls or sends garbage (the match is lost
    /// for us).
    public func disturb(_ fault: MatchNetworkFault, tick: Int64) {
        switch fault {
        case .peerVanishes(let name): drop(name, .timedOut, tick: tick)
        case .peerGarbage(let name): drop(name, .dropped, tick: tick)
        case .serverStalls: send(.lost(why: "the match server stopped answering"), tick: tick)
        case .serverGarbage: send(.lost(why: "the match server sent what does not decode"), tick: tick)
        }
    }

    /// The server ends the connection of the scripted peer `name` of our match for `reason`; nothing for another.
    private func drop(_ name: String, _ reason: PeerLeftReason, tick: Int64) {
        guard let peer = peer(named: name), peerLevels[name] == level else { return }
        send(.left(peer, reason: reason), tick: tick, from: name)
        peers.removeAll { $0.name == name }
        peerLevels[name] = nil
        noteSeen(name, false, tick: tick)
    }

    /// The events due at `tick`, oldest first; a `lost` ends the connection.
    func takeDue(_ tick: Int64) -> [MatchEvent<Message>] {
        var taken: [MatchEvent<Message>] = []
        while let first = due.first, first.tick <= tick {
            due.removeFirst()
            taken.append(first.event)
            if case .lost = first.event {
                isConnected = false
                due = []
            }
        }
        return taken
    }

    public func apply(_ setting: MatchSetting, tick: Int64) -> String? {
        switch setting {
        case .peerJoin(let name):
            guard isServerUp else { return "the match server is down" }
            // One name, one player (Docs/Contract.md §12): names compare by their key, as the server compares them.
            let key: String
            do { key = try PlayerName.key(name) } catch { return "peer '\(name)': \(error.description)" }
            if let peer = peers.first(where: { Self.key($0.name) == key }) {
                if peer.name == name { return "peer '\(name)' is already in the match" }
                return "peer '\(name)' has the name of peer '\(peer.name)'"
            }
            guard Self.key(ourName) != key else { return "peer '\(name)' has the player's own name, '\(ourName)'" }
            guard peers.count < MatchLockstep.scriptedPeerLimit else {
                return "the match holds \(MatchLockstep.scriptedPeerLimit) scripted peers at most"
            }
            let peer = MatchPeer(id: nextID, name: name)
            nextID += 1
            peers.append(peer)
            peerLevels[name] = level
            send(.joined(peer), tick: tick, from: name)
            if isConnected { noteSeen(name, true, tick: tick) }
        case .peerLeave(let name):
            guard let index = peers.firstIndex(where: { $0.name == name }) else {
                return "no peer \(name) in the match"
            }
            send(.left(peers[index], reason: .left), tick: tick, from: name)
            peers.remove(at: index)
            peerLevels[name] = nil
            noteSeen(name, false, tick: tick)
        case .peerSends(let name, let word):
            guard let peer = peer(named: name) else { return "no peer \(name) in the match" }
            guard let message = pilot.says(word, name, peerLevels[name] ?? level, tick) else {
                return "a peer of this game cannot \(word)"
            }
            send(.message(from: peer, message), tick: tick, from: name)
        case .down:
            guard isServerUp else { return "the match server is already down" }
            isServerUp = false
            for peer in peers { noteSeen(peer.name, false, tick: tick) }
            peers = []
            peerLevels = [:]
            due = []  // what the server still held dies with it (the socket may or may not have brought it)
            send(.lost(why: "the match server went away"), tick: tick)
        case .up:
            guard !isServerUp else { return "the match server is already up" }
            isServerUp = true
            nextID = 1
        }
        return nil
    }

    public func sees(_ peer: String, tick: Int64) -> Bool? {
        guard let changes = seenChanges[peer] else { return nil }
        return changes.last(where: { $0.tick + MatchLockstep.latency <= tick })?.sees ?? false
    }

    /// Queues `event` (of the scripted peer `from`, nil: of the server) for us, due after the latency, when we
    /// are in that peer's match.
    private func send(_ event: MatchEvent<Message>, tick: Int64, from peer: String? = nil) {
        guard isConnected, peer.map({ peerLevels[$0] == level }) ?? true else { return }
        due.append((tick + MatchLockstep.latency, event))
    }

    private func noteSeen(_ peer: String, _ sees: Bool, tick: Int64) {
        seenChanges[peer, default: []].append((tick, sees))
    }
}
