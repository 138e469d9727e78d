// ShooterEntry: the bundled shooter (GameCore) as the commands' game: its levels and scripts from the Assets folder,
// its leaderboard and match servers in a replay, its renderer (ShooterPlatform) and the phone's screens offscreen,
// and the four situations the specification drew (SeedCases).

import GameCore
import InterludeCLI
import InterludeNetwork
import PlatformEGL
import Replay
import Runtime
import ShooterPlatform

/// The shooter, with the levels and assets of one Assets folder.
public struct ShooterEntry: GameEntry {
    let assets: AssetDirectory
    let levels: [Level]

    /// The shooter of the Assets folder `override` (`--assets`), or the one `AssetDirectory.locate` finds. A folder
    /// not found is `.other`, a bad level file `.invalidData`.
    public static func load(assets override: String?) throws(GameEntryError) -> ShooterEntry {
        let assets: AssetDirectory
        do { assets = try AssetDirectory.locate(override) } catch { throw .other("\(error)") }
        do { return ShooterEntry(assets: assets, levels: try LevelFiles.load(from: assets)) } catch {
            throw .invalidData(error.description)
        }
    }

    public var name: String { "the shooter" }

    public func makeGame(seed: UInt64) -> Game { Game(seed: seed, levels: levels) }

    public var scriptFolder: String? { assets.path("Interruptions") }

    /// The leaderboard's embedded server on loopback (or `--leaderboard URL`; none for a script with fault lines and
    /// no URL: the runtime's in-process one, where the network's fault points act), and a match server when the
    /// script plays a match (else the in-memory match, whose scripted peers the bot pilot flies).
    public func connections(
        for script: Replay.Script<GameAction>, leaderboard: String?, hasFaultLines: Bool
    ) throws -> ReplayConnections<Game> {
        let connection =
            hasFaultLines && leaderboard == nil
            ? nil
            : try LeaderboardConnection(
                url: leaderboard, databasePath: nil, identityFolder: nil, levels: levels, replaying: true)
        let matchHarness: MatchHarness?
        do { matchHarness = MatchHarness.needsServer(script) ? try MatchHarness() : nil } catch {
            connection?.close()
            throw error
        }
        let matchTransport = matchHarness?.transport(levels: levels)
        let levels = levels
        return ReplayConnections(
            configure: { runtime in
                if let connection { runtime.useLeaderboard(connection.transport, pacing: .virtual) }
                runtime.useMatch(matchTransport ?? InMemoryMatch(pilot: BotPilot.matchPilot(levels: levels)))
            },
            close: {
                matchTransport?.close()
                matchHarness?.stop()
                connection?.close()
            })
    }

    public var rendersOffscreen: Bool { true }

    /// The shooter's renderer with the shaders and textures of its assets, and the phone's screens in their font.
    public func makeOffscreenDisplay(_ request: OffscreenRequest) throws -> OffscreenRendering<Game> {
        let display = try OffscreenDisplay(
            width: request.width, height: request.height, outputDirectory: request.outputDirectory, assets: assets)
        display.redrawsUnchangedScenes = request.redrawsUnchangedScenes
        guard request.phoneScreens else { return OffscreenRendering(display: display, showPhoneScreens: { _ in }) }
        // Made now, with the display's context current: a missing font fails here, not in the middle of a replay.
        let phone = try display.makePhoneCompositor(assets: assets)
        return OffscreenRendering(
            display: display, showPhoneScreens: { display.showPhoneScreens(of: $0, compositor: phone) })
    }

    public func isMultiplayer(_ action: GameAction) -> Bool {
        if case .play(.multiplayer, _) = action { return true } else { return false }
    }

    /// The four situations the project's specification drew (the bundled scripts' "Situation 1-4"): an SMS during
    /// a single-player game, a call answered during multiplayer, the home button, the lock button on the menu.
    static let situations: [(name: String, script: String)] = [
        ("sms", "sms-ios4-dismissed"),
        ("call-multiplayer", "call-multiplayer-answered"),
        ("home", "home-single-player"),
        ("lock", "lock-menu-ios4"),
    ]

    /// The module graph of both packages (ModuleGraph.swift).
    public var extraDiagrams: [(name: String, contents: String)] {
        [("modules.mmd", ModuleGraph.mermaid()), ("modules.dot", ModuleGraph.dot())]
    }

    public var diagramSituations: [DiagramSituation] {
        Self.situations.map { situation in
            let relative = "Interruptions/\(situation.script).script"
            return DiagramSituation(
                name: situation.name, path: assets.path(relative), shownAs: "Assets/" + relative)
        }
    }
}
