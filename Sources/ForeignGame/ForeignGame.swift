// ForeignGame: a game written in C (or anything with a C FFI) as a `LifecycleGame`, through the functions of
// interlude_game.h (Docs/Contract.md §11). Start reading here, then GameLibrary.swift (loading a launch's copy of the
// library), ForeignGame+Save.swift (saves, restores and the restore check) and ForeignAction.swift (the script words).
//
// The host keeps what the ABI leaves out: the session's steps (saved beside the library's bytes), and the session's
// start and end, read from `interlude_status` before and after each action (the runtime's `GameReport`s). A game
// has no timers, scores or match of the runtime's; it keeps its own time in `interlude_step`.
//
// Value semantics over a C object: copies share one instance until one of them changes, which then continues on a
// clone made by a save and a restore in the same launch (copy on write). A relaunch is a new launch: the library
// loaded afresh (`GameLibrary.reloaded`), its statics as a new process has them.

import CInterludeGame
import Glibc
import Runtime
import Saves

/// A game library's game under the runtime.
public struct ForeignGame: LifecycleGame {
    public typealias Action = ForeignAction
    public typealias Scene = ForeignScene
    public typealias SavedState = ForeignSave

    var instance: Instance
    public internal(set) var steps: Int64 = 0  // steps of play in this session (paused time excluded)
    var reports: [GameReport] = []  // session starts and ends since the runtime last asked
    var notice: String? = nil  // the last `tell`, shown nowhere but the scene's hash

    /// A new launch of the library at `path`, checked, with a fresh game from `seed`.
    public init(path: String, seed: UInt64) throws(GameLibraryError) {
        try self.init(library: GameLibrary(path: path), seed: seed)
    }

    /// A fresh game from `seed` in `library`'s launch (which should serve no other game but its copies).
    public init(library: GameLibrary, seed: UInt64) throws(GameLibraryError) {
        guard let game = library.createGame(seed: seed) else {
            throw GameLibraryError(.brokeContract, library: library.name, function: "interlude_create", "returned NULL")
        }
        instance = Instance(library: library, game: game, seed: seed)
    }

    /// The library this game runs in.
    public var library: GameLibrary { instance.library }
    /// The seed a fresh game (and a relaunched one) is made with.
    public var seed: UInt64 { instance.seed }

    // MARK: Facts

    var status: UInt32 {
        let status = instance.call("interlude_status") { $0.api.status($1) }
        if status & ~ForeignStatus.known != 0 { library.fail("interlude_status", "returned unknown bits \(status)") }
        return status
    }
    public var isInSession: Bool { status & ForeignStatus.inSession != 0 }
    /// Paused, or over: a session that is over (a game over, a level won) is never stepped and stands still, so the
    /// pause duty holds of it as it is (invariant 8; Contract §11).
    public var isPaused: Bool {
        let status = status
        return status & ForeignStatus.inSession != 0 && status & (ForeignStatus.paused | ForeignStatus.over) != 0
    }
    public var isRunning: Bool { status & ForeignStatus.known == ForeignStatus.inSession }

    public var screenName: String {
        guard let pointer = instance.call("interlude_screen_name", { $0.api.screenName($1) }) else {
            library.fail("interlude_screen_name", "returned NULL")
        }
        guard let name = GameLibrary.boundedText(pointer, limit: GameLibrary.wordLimit) else {
            library.fail("interlude_screen_name", "returned no UTF-8 word of at most \(GameLibrary.wordLimit) bytes")
        }
        if let why = GameLibrary.whyNotWord(name) {
            library.fail("interlude_screen_name", "returned a name that \(why)")
        }
        return name
    }

    public var stateHash: String {
        let digits = String(instance.call("interlude_state_hash") { $0.api.stateHash($1) }, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    public var exportedValues: [String: Int64] { instance.values() }

    public static var explorationActions: [ForeignAction] { ForeignAction.explorationActions }

    // MARK: Play

    public mutating func perform(_ action: ForeignAction, context: ActionContext) -> String? {
        makeUnique()
        let before = status
        var why: String? = nil
        if action.word == GameLibrary.resumeWord {
            if before & ForeignStatus.paused == 0 || before & ForeignStatus.inSession == 0 {
                why = "resume needs a paused session; the screen is \(screenName)"
            } else {
                instance.call("interlude_resume") { $0.api.resume($1) }
            }
        } else {
            why = instance.perform(action)
        }
        noteSession(from: before)
        return why
    }

    public mutating func step() {
        makeUnique()
        let before = status
        instance.call("interlude_step") { $0.api.step($1) }
        steps += 1
        noteSession(from: before)
    }

    public mutating func takeReports() -> [GameReport] {
        defer { reports = [] }
        return reports
    }

    /// Reports a session that began or ended since `before` (a new session's clock starts at 0).
    mutating func noteSession(from before: UInt32) {
        let now = status
        let was = before & ForeignStatus.inSession != 0
        let isNow = now & ForeignStatus.inSession != 0
        if !was, isNow {
            steps = 0
            reports.append(.sessionStarted(multiplayer: false))
        } else if was, !isNow {
            reports.append(.sessionEnded)
        }
    }

    // MARK: The life cycle's work

    public mutating func pause() {
        makeUnique()
        instance.call("interlude_pause") { $0.api.pause($1) }
    }

    public mutating func tell(_ notice: String) { self.notice = notice }

    /// A new launch: the library loaded afresh when the new game is first used, after the runtime let this one go.
    public func relaunched() -> ForeignGame { ForeignGame(launching: instance.path, seed: seed) }

    /// A game whose launch loads `path` at its first use.
    init(launching path: String, seed: UInt64) {
        instance = Instance(launching: path, seed: seed)
    }

    public func scene(status: [String], leaderboard: [String]) -> ForeignScene {
        var hasher = StateHasher()
        hasher.combine(stateHash)
        hasher.combine(screenName)
        hasher.combine(notice ?? "")
        for line in status { hasher.combine(line) }
        return ForeignScene(contentHash: hasher.hex, instance: instance)
    }

    /// Continues on a clone if this game's instance is shared with a copy (copy on write).
    mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&instance) { instance = instance.clone() }
    }
}

/// What a display draws of a C game: the game itself, through `interlude_draw`, on the runtime's thread.
public struct ForeignScene: GameScene, Equatable, @unchecked Sendable {  // drawn on the runtime's (GL) thread only
    public let contentHash: String
    /// Weak: a scene must not keep the game shared (the game's next change would copy it, `makeUnique`). A host draws
    /// a scene when it is presented, before the game changes again.
    weak var instance: ForeignGame.Instance?

    /// Equal scenes show the same: their content hashes are equal.
    public static func == (lhs: ForeignScene, rhs: ForeignScene) -> Bool { lhs.contentHash == rhs.contentHash }

    /// Whether the library draws at all (`interlude_draw` exported).
    public var draws: Bool { instance?.library.draws ?? false }

    /// Draws into the current GL context (`width` x `height`), loading GL functions with `glFunction`; false when
    /// the library does not draw or says it could not.
    public func draw(
        width: Int32, height: Int32, glFunction: @convention(c) (UnsafePointer<CChar>?) -> UnsafeMutableRawPointer?
    ) -> Bool {
        guard let instance, let draw = instance.library.api.draw else { return false }
        var frame = interlude_frame(width: width, height: height, gl_function: glFunction)
        return instance.library.call("interlude_draw") { draw(instance.game, &frame) } == 0
    }
}
