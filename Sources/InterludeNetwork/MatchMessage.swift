// MatchMessage: what a game's players tell each other in a match, in the game's own words. The engine and the match
// server carry a message as text and never read it: the game says what its messages are (a state every period, a
// shot, a move of a card), how they are written (`wireText`) and read back, what the transcript says of one, and
// what a script's scripted peers send (`MatchPilot`). A game without a match writes none of this: its messages are
// `NoMatchMessage`, and a match event never reaches it.

import Lifecycle

/// A game's own match message. The transport carries `wireText` and the others read it back with `init(wireText:)`;
/// the text is printable (no control character) and at most `MatchLockstep.longestMessage` UTF-8 bytes, and it must
/// read back to the same message, so that a replay over a real socket hands the game what it would have in memory.
public protocol MatchMessage: Hashable, Sendable {
    /// The message as text, as the wire carries it.
    var wireText: String { get }
    /// Reads what another member sent; throws for text this game never writes (a newer game, a hostile peer).
    init(wireText: String) throws(MatchMessageError)
    /// The transcript's event name and words for this message from `sender` (§8 `event`), nil for a message too
    /// frequent for a transcript (a state: its effect shows in the simulation's hash). Default: nil.
    func transcriptEntry(from sender: MatchPeer) -> (name: String, args: String)?
}

extension MatchMessage {
    public func transcriptEntry(from sender: MatchPeer) -> (name: String, args: String)? { nil }
}

/// Why a message's text could not be read.
public struct MatchMessageError: Error, Hashable, Sendable, CustomStringConvertible {
    public let reason: String

    public init(_ reason: String) { self.reason = reason }

    public var description: String { reason }
}

/// The messages of a game that plays no match: there are none.
public enum NoMatchMessage: MatchMessage {
    public var wireText: String {
        switch self {}
    }

    public init(wireText: String) throws(MatchMessageError) {
        throw MatchMessageError("this game plays no match")
    }
}

/// Another member of the match: the server's id for its connection (its identity: two members may never be told
/// apart by name alone) and the name it plays under (what the game shows).
public struct MatchPeer: Hashable, Sendable {
    public var id: Int
    public var name: String

    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}

/// Why a member left the match: said goodbye, stopped answering (the server's timeout), or was refused and cut.
public enum PeerLeftReason: String, Hashable, Sendable, CaseIterable {
    case left, timedOut, dropped
}

/// What the match tells the game, applied at a fixed tick.
public enum MatchEvent<Message: MatchMessage>: Hashable, Sendable {
    /// `peer` is in the match (already there when we joined, or joined since).
    case joined(MatchPeer)
    /// `peer` left: only the member with its id (another of the same name is someone else).
    case left(MatchPeer, reason: PeerLeftReason)
    /// `peer` sent `message`.
    case message(from: MatchPeer, Message)
    /// Our connection to the match is gone (the server went down, refused us, or stopped answering): the match
    /// is over for us.
    case lost(why: String)

    /// The transcript's event name and words for this event; nil for a message the game keeps out of it.
    public var transcriptEntry: (name: String, args: String)? {
        switch self {
        case .joined(let peer): return ("peerJoined", peer.name)
        case .left(let peer, let reason): return ("peerLeft", "\(peer.name) \(reason.rawValue)")
        case .message(let peer, let message): return message.transcriptEntry(from: peer)
        case .lost(let why): return ("matchLost", why)
        }
    }
}

/// What a script's scripted peers send, in the game's messages: a state every `MatchLockstep.replayStatePeriod`
/// steps, and the message a `peer WORD NAME` line stands for. A pure function of its arguments, so that a replay's
/// transcript is the same on every machine (the shooter's `BotPilot` walks the level).
public struct MatchPilot<Message: MatchMessage>: Sendable {
    /// The state scripted peer `peer` sends at `tick` in the match of `level`; nil: none.
    public var state: @Sendable (_ peer: String, _ level: Int, _ tick: Int64) -> Message?
    /// The message of a script's `peer WORD NAME` (the game's word, `ScriptAction.peerWords`) at `tick`; nil: the
    /// game has no such word.
    public var says: @Sendable (_ word: String, _ peer: String, _ level: Int, _ tick: Int64) -> Message?

    public init(
        state: @escaping @Sendable (_ peer: String, _ level: Int, _ tick: Int64) -> Message?,
        says: @escaping @Sendable (_ word: String, _ peer: String, _ level: Int, _ tick: Int64) -> Message?
    ) {
        self.state = state
        self.says = says
    }

    /// Scripted peers that join and leave and send nothing.
    public static var silent: MatchPilot {
        MatchPilot(state: { _, _, _ in nil }, says: { _, _, _, _ in nil })
    }
}
