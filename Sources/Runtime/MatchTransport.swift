// MatchTransport: the runtime's port to a multiplayer match, as `LeaderboardTransport` is to the leaderboard.
// `InMemoryMatch` (here) is the in-memory double for unit tests and the explorer; `SocketMatchTransport`
// (Services) talks to a real match server over a real socket.
// Lockstep: the runtime calls the transport once per fixed step (`exchange`) with the step's index as the tick. What
// any member of the match sends at tick T is applied by the others at tick T + `MatchLockstep.latency`, a fixed
// virtual latency; a transport paced in virtual time (replays) waits, bounded, for the real message to arrive
// before it hands it over, so transcripts stay byte-identical. The window's transport hands over what has arrived.

import Lifecycle

/// Where a member of the match is and how it is, as a state message carries it. Positions are in world units,
/// `yaw` in radians (the game's convention: 0 looks down -z).
public struct PeerPose: Hashable, Sendable {
    public var x: Float
    public var z: Float
    public var yaw: Float
    public var health: Int

    public init(x: Float, z: Float, yaw: Float, health: Int = 100) {
        self.x = x
        self.z = z
        self.yaw = yaw
        self.health = health
    }
}

/// Why a member left the match: said goodbye, stopped answering (the server's timeout), or was refused and cut.
public enum PeerLeftReason: String, Hashable, Sendable, CaseIterable {
    case left, timedOut, dropped
}

/// What the match tells the game, applied at a fixed tick.
public enum MatchEvent: Hashable, Sendable {
    /// `name` is in the match (already there when we joined, or joined since).
    case joined(name: String)
    /// `name` left.
    case left(name: String, reason: PeerLeftReason)
    /// `name`'s state message.
    case moved(name: String, PeerPose)
    /// `name` fired a shot from `pose`.
    case fired(name: String, PeerPose)
    /// Our connection to the match is gone (the server went down, refused us, or stopped answering): the match
    /// is over for us.
    case lost(why: String)

    /// The transcript's event name and words for this event; nil for a state message (one every other step:
    /// too many lines for a transcript, and their effect shows in the simulation's hash).
    public var transcriptEntry: (name: String, args: String)? {
        switch self {
        case .joined(let name): return ("peerJoined", name)
        case .left(let name, let reason): return ("peerLeft", "\(name) \(reason.rawValue)")
        case .moved: return nil
        case .fired(let name, _): return ("peerFired", name)
        case .lost(let why): return ("matchLost", why)
        }
    }
}

/// A script's match lines (`peer join NAME`, `peer leave NAME`, `peer fire NAME`, `match down`, `match up`):
/// what the scripted peers and the match server do from now on.
public enum MatchSetting: Hashable, Sendable {
    case peerJoin(String)
    case peerLeave(String)
    case peerFire(String)
    case down, up
}

/// The fixed numbers of the lockstep.
public enum MatchLockstep {
    /// Steps between a message's sending and its application by the other members: 6 steps, 100 ms.
    public static let latency: Int64 = 6
    /// A member sends its state every this many steps (30 state messages a second) in a live match.
    public static let statePeriod: Int64 = 2
    /// In a replay's lockstep, every this many steps (10 a second): each message is waited for on the real
    /// socket, and a debug build's WebSocket stack costs most of a millisecond a message.
    public static let replayStatePeriod: Int64 = 6
    /// The longest a replay waits, in real time, for a message the lockstep says is due, in nanoseconds.
    public static let wait: Nanoseconds = 3_000_000_000
    /// The most scripted peers a match holds in a replay (the server's own limit is NET's).
    public static let scriptedPeerLimit = 8
}

/// The port to a match. Calls come from the runtime's thread only.
public protocol MatchTransport: AnyObject {
    /// The real fact: a connection to a match is open (invariant 4 reads this).
    var isConnected: Bool { get }
    /// We joined a match and have not yet left it or been told it is lost: the runtime exchanges every step while
    /// this holds (a connection the server closed stays "in the match" until its `lost` is handed over).
    var isInMatch: Bool { get }
    /// Joins the match of `level` as `name` at `tick` (waiting, bounded, for the server's welcome); returns why
    /// it could not, or nil. The members already there arrive as `joined` events.
    func join(level: Int, name: String, tick: Int64) -> String?
    /// Leaves the match: closes the connection at once (`disconnectPeers`, the session's end). Nothing when not
    /// connected.
    func leave(tick: Int64)
    /// One fixed step `tick` while connected: sends our `pose` (every `statePeriod` steps) and a shot if `fired`,
    /// and returns the events due at this tick, in a fixed order.
    func exchange(tick: Int64, pose: PeerPose?, fired: Bool) -> [MatchEvent]
    /// A script's match line at `tick`; returns why it cannot be done, or nil.
    func apply(_ setting: MatchSetting, tick: Int64) -> String?
    /// Whether the scripted peer `name` sees us in the match at `tick` (`expect seenBy NAME`); nil when there is
    /// no scripted peer of that name.
    func sees(_ peer: String, tick: Int64) -> Bool?
}

/// The in-memory match: scripted peers that move by a pilot, a "server" that can go down, and the lockstep's
/// schedule. Deterministic; no thread, no socket. `SocketMatchTransport` (Services) uses one as its oracle: the
/// events it predicts are the ones the real socket must bring.
public final class InMemoryMatch: MatchTransport {
    /// Where scripted peer `name` is at `tick` on `level` (GameCore's `BotPilot` in the app; a fixed pose here).
    public typealias Pilot = @Sendable (_ name: String, _ level: Int, _ tick: Int64) -> PeerPose

    public private(set) var isConnected = false
    public var isInMatch: Bool { isConnected }
    public private(set) var isServerUp = true
    /// Scripted peers on the server, in join order, each in the match of a level (`peerLevels`).
    public private(set) var peers: [String] = []
    /// The level each scripted peer joined: the level of our current (or last) match when it joined.
    public private(set) var peerLevels: [String: Int] = [:]
    /// The level of the match (the one we last joined; 1 before).
    public private(set) var level = 1
    /// The name we play under (the one we last joined with).
    public private(set) var ourName = "player"
    let pilot: Pilot
    private var due: [(tick: Int64, event: MatchEvent)] = []  // for us, in order of sending
    private var seenChanges: [String: [(tick: Int64, sees: Bool)]] = [:]  // per peer: when it sees us come and go

    /// A match whose scripted peers stand where `pilot` puts them (default: the middle of cell (1, 1)).
    public init(pilot: @escaping Pilot = { _, _, _ in PeerPose(x: 1.5, z: 1.5, yaw: 0) }) {
        self.pilot = pilot
    }

    public func join(level: Int, name: String, tick: Int64) -> String? {
        guard isServerUp else { return "the match server is down" }
        if isConnected { leave(tick: tick) }
        isConnected = true
        self.level = level
        ourName = name
        let here = peers.filter { peerLevels[$0] == level }
        due = here.map { (tick + MatchLockstep.latency, .joined(name: $0)) }
        for peer in here { noteSeen(peer, true, tick: tick) }
        return nil
    }

    public func leave(tick: Int64) {
        guard isConnected else { return }
        isConnected = false
        due = []
        for peer in peers where peerLevels[peer] == level { noteSeen(peer, false, tick: tick) }
    }

    public func exchange(tick: Int64, pose: PeerPose?, fired: Bool) -> [MatchEvent] {
        guard isConnected else { return [] }
        if tick % MatchLockstep.replayStatePeriod == 0 {
            for peer in peers { send(.moved(name: peer, pilot(peer, level, tick)), tick: tick, from: peer) }
        }
        return takeDue(tick)
    }

    /// The events due at `tick`, oldest first; a `lost` ends the connection.
    func takeDue(_ tick: Int64) -> [MatchEvent] {
        var taken: [MatchEvent] = []
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
            guard !peers.contains(name) else { return "peer \(name) is already in the match" }
            guard name != ourName else { return "\(name) is the player's own name" }
            guard peers.count < MatchLockstep.scriptedPeerLimit else {
                return "the match holds \(MatchLockstep.scriptedPeerLimit) scripted peers at most"
            }
            peers.append(name)
            peerLevels[name] = level
            send(.joined(name: name), tick: tick, from: name)
            if isConnected { noteSeen(name, true, tick: tick) }
        case .peerLeave(let name):
            guard let index = peers.firstIndex(of: name) else { return "no peer \(name) in the match" }
            send(.left(name: name, reason: .left), tick: tick, from: name)
            peers.remove(at: index)
            peerLevels[name] = nil
            noteSeen(name, false, tick: tick)
        case .peerFire(let name):
            guard peers.contains(name) else { return "no peer \(name) in the match" }
            send(.fired(name: name, pilot(name, level, tick)), tick: tick, from: name)
        case .down:
            guard isServerUp else { return "the match server is already down" }
            isServerUp = false
            for peer in peers { noteSeen(peer, false, tick: tick) }
            peers = []
            peerLevels = [:]
            due = []  // what the server still held dies with it (the socket may or may not have brought it)
            send(.lost(why: "the match server went away"), tick: tick)
        case .up:
            guard !isServerUp else { return "the match server is already up" }
            isServerUp = true
        }
        return nil
    }

    public func sees(_ peer: String, tick: Int64) -> Bool? {
        guard let changes = seenChanges[peer] else { return nil }
        return changes.last(where: { $0.tick + MatchLockstep.latency <= tick })?.sees ?? false
    }

    /// Queues `event` (of the scripted peer `from`, nil: of the server) for us, due after the latency, when we
    /// are in that peer's match.
    private func send(_ event: MatchEvent, tick: Int64, from peer: String? = nil) {
        guard isConnected, peer.map({ peerLevels[$0] == level }) ?? true else { return }
        due.append((tick + MatchLockstep.latency, event))
    }

    private func noteSeen(_ peer: String, _ sees: Bool, tick: Int64) {
        seenChanges[peer, default: []].append((tick, sees))
    }
}
