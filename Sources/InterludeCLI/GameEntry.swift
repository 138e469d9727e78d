// GameEntry: what `replay`, `simulate`, `explore` and `diagram` need of the game they run. The commands hold an
// `any GameEntry` (the tool's game, or `--game`'s: GameOptions.swift) and hand it to generic functions, which Swift
// opens to the entry's own type: the engine's generic modules (Replay, Simulation, Exploration) then run that game.
// A game's tool gives its own entry (the shooter's: Apps/Sources/ShooterCommands/ShooterEntry.swift); a game loaded
// from a shared library is another (ForeignEntry.swift).

import EngineViews
import Replay
import Runtime

/// What the command line needs of a game: how to make one, and what the game adds to a replay.
public protocol GameEntry: Sendable {
    associatedtype Game: LifecycleGame where Game.Action: ScriptAction

    /// The game's name in messages and reports ("the shooter").
    var name: String { get }

    /// A fresh game from a seed (what a launch makes).
    func makeGame(seed: UInt64) -> Game

    /// The folder of the game's own scripts, which `replay` without files replays; nil: the game bundles none.
    var scriptFolder: String? { get }

    /// What a replay of `script` connects its runtime to besides the engine's doubles (the shooter: its leaderboard
    /// and match servers): `leaderboard` is `--leaderboard URL`, and `hasFaultLines` says the script arms fault
    /// points, whose network faults act on an in-process leaderboard only.
    func connections(
        for script: Replay.Script<Game.Action>, leaderboard: String?, hasFaultLines: Bool
    ) throws -> ReplayConnections<Game>

    /// True when the game draws offscreen (`makeOffscreenDisplay`); false: only `--no-render` replays run.
    var rendersOffscreen: Bool { get }

    /// A display drawing the game offscreen (PlatformEGL) as `request` asks; called only when `rendersOffscreen`.
    func makeOffscreenDisplay(_ request: OffscreenRequest) throws -> OffscreenRendering<Game>

    /// True when `action` starts a multiplayer session: `explore --interleave` refuses such a script (invariant 7
    /// compares single-player runs).
    func isMultiplayer(_ action: Game.Action) -> Bool

    /// The situations `diagram` replays on every profile and draws as timelines, in order.
    var diagramSituations: [DiagramSituation] { get }

    /// The game drawn in a desktop window (its renderer and keys), which `play` opens; nil: the game draws in none.
    var windowDrawing: WindowDrawing<Game>? { get }

    /// Files of the game's own that `diagram` writes (and `diagram --check` compares) beside the life-cycle
    /// diagrams: name → contents (the shooter's module graph).
    var extraDiagrams: [(name: String, contents: String)] { get }

    /// The engines the game runs on, whose views every replay writes (CONTRACT §8 `engine`), so that its scripts
    /// speak the events its engine delivers; none by default.
    var engines: [Engine] { get }
}

/// What a game without scripts, services, a renderer, multiplayer or drawn situations need not write.
extension GameEntry {
    public var scriptFolder: String? { nil }

    public func connections(
        for script: Replay.Script<Game.Action>, leaderboard: String?, hasFaultLines: Bool
    ) throws -> ReplayConnections<Game> { ReplayConnections() }

    public var rendersOffscreen: Bool { false }

    public func makeOffscreenDisplay(_ request: OffscreenRequest) throws -> OffscreenRendering<Game> {
        throw GameEntryError.other("\(name) draws nothing offscreen: replay it with --no-render")
    }

    public func isMultiplayer(_ action: Game.Action) -> Bool { false }

    public var diagramSituations: [DiagramSituation] { [] }

    public var extraDiagrams: [(name: String, contents: String)] { [] }

    public var windowDrawing: WindowDrawing<Game>? { nil }

    public var engines: [Engine] { [] }
}

/// What a replay connected its runtime to (`GameEntry.connections`), and how to close it afterwards.
public struct ReplayConnections<Game: LifecycleGame> {
    /// Connects a runtime about to replay (its leaderboard client, its match transport).
    public var configure: (Runtime<Game>) -> Void
    /// Closes what was opened (clients first, then their embedded servers), once the replay is over.
    public var close: () -> Void

    public init(configure: @escaping (Runtime<Game>) -> Void = { _ in }, close: @escaping () -> Void = {}) {
        self.configure = configure
        self.close = close
    }
}

/// The offscreen display a command asks a game for.
public struct OffscreenRequest: Sendable {
    /// The frame's size in pixels.
    public var width: Int
    public var height: Int
    /// Where captures are written (as `NAME.png`).
    public var outputDirectory: String
    /// Draw every frame, even one whose scene equals the one the framebuffer holds.
    public var redrawsUnchangedScenes = false
    /// The phone's own screens may be drawn over the captures (`OffscreenRendering.showPhoneScreens`); false: that
    /// hook does nothing.
    public var phoneScreens = false
}

/// An offscreen display made by a game's entry, and how to draw the phone's own screens over a runtime's captures.
public struct OffscreenRendering<Game: LifecycleGame> {
    /// The display the runtime presents to.
    public let display: any Display<Game.Scene>
    /// Draws the phone's screens (alert, call, lock, home, switcher, ...) of `runtime` over every capture from now
    /// on, as the phone's user sees them; made with the display, so it cannot fail later.
    public let showPhoneScreens: (Runtime<Game>) -> Void

    public init(display: any Display<Game.Scene>, showPhoneScreens: @escaping (Runtime<Game>) -> Void) {
        self.display = display
        self.showPhoneScreens = showPhoneScreens
    }
}

/// A situation `interlude diagram` draws on every profile: a script of the game's, replayed without its `expect`
/// lines.
public struct DiagramSituation: Sendable {
    /// The case's name in file names (`case-NAME-PROFILE.mmd`).
    public let name: String
    /// The script's path on disk.
    public let path: String
    /// The script as the drawings name it (a path relative to the repository, the same on every machine).
    public let shownAs: String

    public init(name: String, path: String, shownAs: String) {
        self.name = name
        self.path = path
        self.shownAs = shownAs
    }
}

/// Why a game's entry could not be made; the description is the whole message (a path, a line, what is wrong).
public enum GameEntryError: Error, CustomStringConvertible {
    /// The game's own data is invalid (a level file): `replay` adds "nothing was replayed."
    case invalidData(String)
    /// Anything else (a folder not found).
    case other(String)

    public var description: String {
        switch self {
        case .invalidData(let message), .other(let message): return message
        }
    }
}
