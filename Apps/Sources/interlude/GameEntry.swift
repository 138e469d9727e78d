// GameEntry: what `replay`, `simulate`, `explore` and `diagram` need of the game they run. The commands hold an
// `any GameEntry` (chosen by `--game`, GameOptions.swift) and hand it to generic functions, which Swift opens to the
// entry's own type: the engine's generic modules (Replay, Simulation, Exploration) then run that game. The shooter is
// one entry (ShooterEntry.swift); a game loaded from a shared library is another (ForeignEntry.swift).

import Replay
import Runtime

/// What the command line needs of a game: how to make one, and what the game adds to a replay.
protocol GameEntry: Sendable {
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

    /// The situations `interlude diagram` replays on every profile and draws as timelines, in order.
    var diagramSituations: [DiagramSituation] { get }
}

/// What a game without scripts, services, a renderer, multiplayer or drawn situations need not write.
extension GameEntry {
    var scriptFolder: String? { nil }

    func connections(
        for script: Replay.Script<Game.Action>, leaderboard: String?, hasFaultLines: Bool
    ) throws -> ReplayConnections<Game> { ReplayConnections() }

    var rendersOffscreen: Bool { false }

    func makeOffscreenDisplay(_ request: OffscreenRequest) throws -> OffscreenRendering<Game> {
        throw GameEntryError.other("\(name) draws nothing offscreen: replay it with --no-render")
    }

    func isMultiplayer(_ action: Game.Action) -> Bool { false }

    var diagramSituations: [DiagramSituation] { [] }
}

/// What a replay connected its runtime to (`GameEntry.connections`), and how to close it afterwards.
struct ReplayConnections<Game: LifecycleGame> {
    /// Connects a runtime about to replay (its leaderboard client, its match transport).
    var configure: (Runtime<Game>) -> Void = { _ in }
    /// Closes what was opened (clients first, then their embedded servers), once the replay is over.
    var close: () -> Void = {}
}

/// The offscreen display a command asks a game for.
struct OffscreenRequest {
    /// The frame's size in pixels.
    var width: Int
    var height: Int
    /// Where captures are written (as `NAME.png`).
    var outputDirectory: String
    /// Draw every frame, even one whose scene equals the one the framebuffer holds.
    var redrawsUnchangedScenes = false
    /// The phone's own screens may be drawn over the captures (`OffscreenRendering.showPhoneScreens`); false: that
    /// hook does nothing.
    var phoneScreens = false
}

/// An offscreen display made by a game's entry, and how to draw the phone's own screens over a runtime's captures.
struct OffscreenRendering<Game: LifecycleGame> {
    /// The display the runtime presents to.
    let display: any Display<Game.Scene>
    /// Draws the phone's screens (alert, call, lock, home, switcher, ...) of `runtime` over every capture from now
    /// on, as the phone's user sees them; made with the display, so it cannot fail later.
    let showPhoneScreens: (Runtime<Game>) -> Void
}

/// A situation `interlude diagram` draws on every profile: a script of the game's, replayed without its `expect`
/// lines.
struct DiagramSituation: Sendable {
    /// The case's name in file names (`case-NAME-PROFILE.mmd`).
    let name: String
    /// The script's path on disk.
    let path: String
    /// The script as the drawings name it (a path relative to the repository, the same on every machine).
    let shownAs: String
}

/// Why a game's entry could not be made; the description is the whole message (a path, a line, what is wrong).
enum GameEntryError: Error, CustomStringConvertible {
    /// The game's own data is invalid (a level file): `replay` adds "nothing was replayed."
    case invalidData(String)
    /// Anything else (a folder not found).
    case other(String)

    var description: String {
        switch self {
        case .invalidData(let message), .other(let message): return message
        }
    }
}
