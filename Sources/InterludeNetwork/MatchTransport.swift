// MatchTransport: the runtime's port to a multiplayer match, as `LeaderboardTransport` is to the leaderboard. It
// carries the game's own messages (MatchMessage.swift) and knows nothing of what they say. `InMemoryMatch` is the
// in-memory double for unit tests and the explorer; `SocketMatchTransport` (Services) talks to a real match server
// over a real socket. The network faults of CONTRACT §6 ("Faults") are a decorator of the port (Replay's
// `FaultyMatch`), which draws them and hands what fires to the transport behind it (`disturb`).
// Lockstep: the runtime calls the transport once per fixed step (`exchange`) with the step's index as the tick. What
// any member of the match sends at tick T is applied by the others at tick T + `MatchLockstep.latency`, a fixed
// virtual latency; a transport paced in virtual time (replays) waits, bounded, for the real message to arrive
// before it hands it over, so transcripts stay byte-identical. The window's transport hands over what has arrived.

import Lifecycle

/// A script's match lines (`peer join NAME`, `peer leave NAME`, `peer WORD NAME`, `match down`, `match up`): what
/// the scripted peers and the match server do from now on.
public enum MatchSetting: Hashable, Sendable {
    case peerJoin(String)
    case peerLeave(String)
    /// `peer WORD NAME`: scripted peer `NAME` sends the game's message for `word` (`MatchPilot.says`).
    case peerSends(String, word: String)
    case down, up
}

/// A network fault of the match, a `network.match.*` point of CONTRACT §6 ("Faults"), as a decorator of the port
/// (Replay's `FaultyMatch`) hands it to the transport behind it.
public enum MatchNetworkFault: Hashable, Sendable {
    /// That scripted peer stalls or vanishes without leaving: the server times it out (`left`, `timedOut`).
    case peerVanishes(String)
    /// That scripted peer sends what does not decode: the server drops it (`left`, `dropped`).
    case peerGarbage(String)
    /// The match server stops answering: our connection's bounded wait ends the match for us (`lost`).
    case serverStalls
    /// The match server sends what does not decode: our side drops the connection (`lost`).
    case serverGarbage
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
    /// The most UTF-8 bytes of a message's text (`MatchMessage.wireText`); the match server refuses more.
    public static let longestMessage = 512
}

/// The port to a match, carrying the game's `Message`s. Calls come from the runtime's thread only.
public protocol MatchTransport<Message>: AnyObject {
    /// The game's messages.
    associatedtype Message: MatchMessage
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
    /// One fixed step `tick` while connected: sends our `state` (every state period of the transport's pacing:
    /// a state supersedes the one before) and the `outgoing` messages, and returns the events due at this tick,
    /// in a fixed order.
    func exchange(tick: Int64, state: Message?, outgoing: [Message]) -> [MatchEvent<Message>]
    /// A script's match line at `tick`; returns why it cannot be done, or nil.
    func apply(_ setting: MatchSetting, tick: Int64) -> String?
    /// Whether the scripted peer `name` sees us in the match at `tick` (`expect seenBy NAME`); nil when there is
    /// no scripted peer of that name.
    func sees(_ peer: String, tick: Int64) -> Bool?
    /// The scripted peers of our match as the server holds them, in join order: the peers for which a network
    /// decorator draws the faults of CONTRACT §6 ("Faults").
    var matchedPeers: [String] { get }
    /// Whether `disturb` acts: a decorator draws no fault for a transport that cannot make it happen.
    var isDisturbable: Bool { get }
    /// The network misbehaves at `tick`: `fault`, drawn by a decorator, happens as the server and our side would see
    /// it, its events due after the latency.
    func disturb(_ fault: MatchNetworkFault, tick: Int64)
}

extension MatchTransport {
    /// None: a transport whose peers are not scripted (a real server's) has no peers a decorator may disturb.
    public var matchedPeers: [String] { [] }
    /// No: a transport that cannot fake its network (a real socket) is not disturbed, and no fault is drawn for it.
    public var isDisturbable: Bool { false }
    /// Nothing: a transport that cannot fake its network (a real socket) ignores the decorator's faults.
    public func disturb(_ fault: MatchNetworkFault, tick: Int64) {}
}
