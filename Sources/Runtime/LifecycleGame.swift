// LifecycleGame: what a game provides so that the runtime can run it under the life cycle. The runtime owns the
// clock, the work (pause, timers, saves, GL, the leaderboard's requests and the match's peers), the invariants and
// the transcript; the game owns its state, its rules, what it draws and the bytes of its state in a save (the file
// around them, with the runtime's own values, is the runtime's: SnapshotFrame.swift). The shooter
// (GameCore) is one conformer; Examples/Breakout is another.
//
// The runtime calls a game from one thread, in this order each fixed step while the app is active and the game
// runs: due game timers after `step()`, then `takeReports()`. It never calls `step()` while the app is not active
// or the game is paused (Docs/Contract.md §6 invariant 2); it calls `pause()` as the life cycle's `pauseGame` work
// and never resumes by itself: `resume` is the player's action. It checks that the game did pause: a game in a
// session reports `isPaused` after `pause()`, and no fixed step changes it while it is paused (§6 invariant 8).

import InterludeNetwork
import Lifecycle
import Saves

/// A game the runtime can run. The runtime keeps the game in memory and throws it away (for `relaunched()`) when the
/// process ends, as iOS does; only the snapshot survives.
///
/// A game is a value or a class confined to the runtime's thread:
///
/// - **A value** (a struct of plain values, like the shooter's `Game`): `Sendable` for free, and the runtime's copy is
///   the game. Nothing else to do.
/// - **A class** (most real engines): the runtime calls it from one thread only (the one that drives the runtime: a
///   test, a replay, the window's loop), so a `final class` may be marked `@unchecked Sendable` when nothing else
///   touches it: no other thread, no timer or callback of its own, no shared engine behind it. Say so where it is
///   declared. Its `mutating` requirements are plain methods, its `stateHash` and `exportedValues` must be read from
///   its state now (never cached across a step). `relaunched()` must return a **new instance** built from the same
///   configuration, never `self`: the process ended and its memory with it; a relaunch that kept the object would
///   carry state past a termination that only the snapshot may carry. Or wrap the engine in a struct that owns it
///   (the same rules: a new engine in `relaunched()`). `Tests/RuntimeTests/ClassGameTests.swift` is an example that
///   replays a script through InterludeTesting; Docs/Contract.md §6 says what the runtime checks.
public protocol LifecycleGame: Sendable {
    /// What the game draws each frame, handed to the display (`Display.present`). Default: `StateScene`, which draws
    /// nothing of its own and stands for a frame by the state hash and the screen (a game without a renderer).
    associatedtype Scene: GameScene = StateScene
    /// What a snapshot holds of the game (the runtime keeps its own values beside it: `SavedGame.extras`).
    associatedtype SavedState: Sendable
    /// What the player does, in the game's own words (a script's action lines, a window's keys).
    associatedtype Action: PlayerAction
    /// What the player can hold down until released (a window's held keys); `Never` for a game with none.
    associatedtype Control: Hashable & Sendable = Never
    /// What the players of a match tell each other, in the game's own words (MatchMessage.swift); `NoMatchMessage`
    /// for a game without multiplayer, which then writes none of the match's requirements.
    associatedtype Message: MatchMessage = NoMatchMessage

    // MARK: Facts the life cycle acts on

    /// A game is being played (not a menu): the life cycle pauses it and saves it.
    var isInSession: Bool { get }
    /// The session is paused; it resumes only by the player's `resume`.
    var isPaused: Bool { get }
    /// The session runs: in session, not paused, not over. The runtime steps the game only then. Default: in session
    /// and not paused (a game with a game-over screen that is still a session says more).
    var isRunning: Bool { get }
    /// Steps played in this session (paused time excluded): the game clock its timers count on.
    var steps: Int64 { get }
    /// The screen shown, by name (`expect screen NAME`, failure messages): e.g. `menu`, `singlePlayer`.
    var screenName: String { get }
    /// The screen wants the leaderboard's top list (fetched when shown, refetched after an interruption).
    var isShowingLeaderboard: Bool { get }

    // MARK: Play

    /// Does the player's `action` (the app is active); returns why it cannot be done now, or nil. What it asks of
    /// the runtime (timers, a match, a leaderboard fetch, a score) it reports through `takeReports()`.
    mutating func perform(_ action: Action, context: ActionContext) -> String?
    /// Holds `control` down until released (a window's key), or releases it.
    mutating func hold(_ control: Control, _ isHeld: Bool)
    /// The action that holds `control` for `duration` (a recording writes a window's key held so long as it), nil
    /// when the game has none.
    static func action(holding control: Control, for duration: Nanoseconds) -> Action?
    /// The player's actions the explorer tries in every state, in this order (Exploration's `Move`).
    static var explorationActions: [Action] { get }
    /// One fixed step of play.
    mutating func step()
    /// A frame while the frame loop runs and the game does not (a menu's animation). Not part of the state hash.
    mutating func idleFrame()
    /// The timers the game counts on its own clock, in the order they fire when due together.
    static var timers: [GameTimer] { get }
    /// Game timer `name` is due (the session runs).
    mutating func timerFired(_ name: TimerName)
    /// What happened since the last call that the runtime must act on, oldest first. Default: nothing (a game
    /// without timers, a match or scores has nothing to report).
    mutating func takeReports() -> [GameReport]

    // MARK: The life cycle's work

    /// `pauseGame`: pauses a session (nothing outside one).
    mutating func pause()
    /// `disconnectPeers`: the match is lost; a multiplayer session goes back to a menu (the player re-joins).
    mutating func leaveMatch()
    /// Shows the player a one-line notice (a save that could not be read, a match that ended while away).
    mutating func tell(_ notice: String)

    // MARK: The match (a capability: a game without one has `NoMatchMessage` and the defaults)

    /// What the match tells the game (another player joined or left, sent one of the game's messages; the match
    /// was lost), at the lockstep's tick for it. A player is its `MatchPeer.id`, never its name: a `left` removes
    /// only the member with that id.
    mutating func apply(_ event: MatchEvent<Message>)
    /// Our state as the other players see it, in a multiplayer session; nil otherwise. The transport sends the
    /// newest every state period (`MatchLockstep`).
    var matchState: Message? { get }
    /// The messages for the other players since the last call (e.g. a shot), oldest first. The runtime takes them
    /// every step: it sends them while in a match and drops them otherwise.
    mutating func takeMatchMessages() -> [Message]
    /// What a script's scripted peers send (their state, and the game's `peer WORD NAME` lines).
    var matchPilot: MatchPilot<Message> { get }
    /// The other players the game shows, in the order they joined (`expect peers N` counts them).
    var peerNames: [String] { get }
    /// The game a new process starts with: the same configuration (levels, seed), a fresh state.
    func relaunched() -> Self

    // MARK: Output

    /// A hash of everything gameplay depends on, 16 hex digits (`StateHasher`): the transcript's `simulationHash`.
    var stateHash: String { get }
    /// The game's own values by name (a score, a level, lives, a board packed in integers), read now: what
    /// `expect game KEY<op>VALUE` checks, and what a failure names when a state hash differs from the one expected
    /// (which value changed, from what to what). Keys are letters, digits, `_` and `.`, starting with a letter.
    /// Default: none.
    var exportedValues: [String: Int64] { get }
    /// True when a copy of the game is a snapshot of it: a struct of plain values (like the shooter's `Game`), not a
    /// class nor a struct around an engine object. The runtime then keeps a copy where it would otherwise read
    /// `exportedValues` ahead, in case a failure names them (the record before each paused step, §6 invariant 8), and
    /// reads them from the copy only for a failure. Default: false.
    static var copiesAreSnapshots: Bool { get }
    /// What to draw now; `status` are the HUD lines the runtime adds (life-cycle state, host help), `leaderboard`
    /// the last top list fetched. Default (with `StateScene`): the state hash and the screen.
    func scene(status: [String], leaderboard: [String]) -> Scene

    // MARK: Snapshots

    /// The game's part of a snapshot, as it is now.
    var savedState: SavedState { get }
    /// The game's part of a snapshot as bytes of its own (text or binary, versioned as the game likes). The runtime
    /// frames them with its own values, a version and a checksum (`SnapshotFrame`); they never hold the runtime's.
    /// Default for named integers (`SavedState == [String: Int64]`): `SnapshotText.encodeValues`.
    func encodeState(_ state: SavedState) -> [UInt8]
    /// Reads bytes written by `encodeState` (of this version or an older one); throws, naming the place (the line
    /// and column in these bytes, which the runtime moves to the file's lines), for anything else. Never traps,
    /// whatever the bytes: they passed the frame's checksum, which anyone can recompute.
    func decodeState(_ bytes: [UInt8]) throws(SnapshotDecodeError) -> SavedState
    /// The game's own values of a saved state by name, as `expect snapshot KEY=VALUE` reads them; the runtime adds
    /// its own (`generation`, `timer.NAME`, `outbox.KEY`, `outboxMs.KEY`, `setting.NAME`), which win a clash.
    /// Default: none (named integers, `[String: Int64]`, are their own values).
    func stateValues(_ state: SavedState) -> [String: Int64]
    /// Reads a file in a format the game wrote before the runtime framed its saves (users' saves must keep loading):
    /// nil when `bytes` are not one, else the state and the runtime's values it held, or why it is damaged. The next
    /// save writes the runtime's frame. Default: none (nil).
    func decodeLegacySnapshot(_ bytes: [UInt8]) throws(SnapshotDecodeError) -> SavedGame<SavedState>?
    /// Why a decoded state could not have been written by this game, or could not be continued from (a position
    /// outside the level, an impossible score); nil when it is playable. The checksum proves the bytes intact, this
    /// proves them sane.
    func whyCannotRestore(_ state: SavedState) -> String?
    /// Continues from a saved state at launch; returns whether a session was restored (paused) and the transcript's
    /// detail (e.g. `restored singlePlayer level 2, paused`).
    mutating func restore(_ state: SavedState) -> Restored

    // MARK: Scores

    /// The most points one session can score: the outbox refuses more from a snapshot. 0: the game keeps no score.
    var maximumScore: Int64 { get }
    /// How many levels the game has (a score's key names one: `ScoreKey`).
    var levelCount: Int { get }
}

/// What a game without held controls, a leaderboard screen, a menu animation, game timers, a match, notices or
/// exported values need not write.
extension LifecycleGame {
    public var isRunning: Bool { isInSession && !isPaused }
    public mutating func takeReports() -> [GameReport] { [] }
    public func stateValues(_ state: SavedState) -> [String: Int64] { [:] }
    public var isShowingLeaderboard: Bool { false }
    public mutating func hold(_ control: Control, _ isHeld: Bool) {}
    public static func action(holding control: Control, for duration: Nanoseconds) -> Action? { nil }
    /// The app shell's actions the game has.
    public static var explorationActions: [Action] { ShellAction.allCases.compactMap(Action.shell) }
    public mutating func idleFrame() {}
    public static var timers: [GameTimer] { [] }
    public mutating func timerFired(_ name: TimerName) {}
    public mutating func leaveMatch() {}
    public mutating func tell(_ notice: String) {}
    public var peerNames: [String] { [] }
    public var matchPilot: MatchPilot<Message> { .silent }
    public var maximumScore: Int64 { 0 }
    public var levelCount: Int { 1 }
    public var exportedValues: [String: Int64] { [:] }
    public static var copiesAreSnapshots: Bool { false }
}

/// What a game without multiplayer need not write: it is never in a match.
extension LifecycleGame where Message == NoMatchMessage {
    public mutating func apply(_ event: MatchEvent<NoMatchMessage>) {}
    public var matchState: NoMatchMessage? { nil }
    public mutating func takeMatchMessages() -> [NoMatchMessage] { [] }
}

/// A game without a scene of its own: a headless game, or one whose host draws nothing of it. The runtime's frame
/// hash (`--no-render`) stands for the game's state and screen.
extension LifecycleGame where Scene == StateScene {
    public func scene(status: [String], leaderboard: [String]) -> StateScene {
        var hasher = StateHasher()
        hasher.combine(stateHash)
        hasher.combine(screenName)
        return StateScene(contentHash: hasher.hex)
    }
}

/// The scene of a game that draws nothing of its own (`LifecycleGame.Scene`'s default).
public struct StateScene: GameScene, Hashable {
    public let contentHash: String

    public init(contentHash: String) { self.contentHash = contentHash }
}

/// A scene a display can draw. `contentHash` stands for a frame when nothing is rendered (`--no-render`): it must
/// cover everything the frame shows that a test could tell apart.
public protocol GameScene: Sendable {
    /// 16 hex digits (`StateHasher`) over what the scene shows.
    var contentHash: String { get }
}

/// What the runtime tells a game with an action.
public struct ActionContext: Hashable, Sendable {
    /// The identity a session started now gets: its scores' idempotency keys are made from it (`ScoreKey`).
    public let run: Int64

    public init(run: Int64) { self.run = run }
}

/// What a game reports to the runtime.
public enum GameReport: Hashable, Sendable {
    /// A session began (`play`): the runtime schedules the game's timers, and for a match joins it (level
    /// `level`).
    case sessionStarted(multiplayer: Bool, level: Int = 1)
    /// A session ended (the menu, game over): its timers are discarded and its peers dropped.
    case sessionEnded
    /// The leaderboard screen opened: the runtime fetches the top list.
    case leaderboardOpened
    /// A score to submit, once per `run` and `level` (a higher one of the same run and level replaces it).
    case score(level: Int, run: Int64, points: Int64)
}

/// A decoded snapshot: the game's state and the runtime's values (`generation`, `timer.NAME`, `outbox.KEY`,
/// `outboxMs.KEY`, `setting.NAME`), kept apart.
public struct SavedGame<State: Sendable>: Sendable {
    public var state: State
    public var extras: [String: Int64]  // the runtime's values by name

    public init(state: State, extras: [String: Int64]) {
        self.state = state
        self.extras = extras
    }
}

/// What a restore did.
public enum Restored: Hashable, Sendable {
    /// A session is back, paused: the runtime restores its timers and watches it (the crash guard).
    case session(detail: String)
    /// No session (a menu, a match that cannot come back).
    case noSession(detail: String)

    /// The transcript's detail.
    public var detail: String {
        switch self {
        case .session(let detail), .noSession(let detail): return detail
        }
    }
}
