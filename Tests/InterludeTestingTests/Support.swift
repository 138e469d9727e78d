// Support: the shooter as a scenario, on the bundled levels, the way a game's own test target would set it up.

import Foundation
import GameCore
import InterludeTesting
import Runtime
import Saves
import ShooterPlatform

enum Checkout {
    /// The repository's root, found from this file.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The bundled levels (Assets/Levels), read as `interlude replay` reads them.
    static let levels: [Level] = {
        // The bundled levels are part of the checkout; a bad one fails every test that replays them.
        try! LevelFiles.load(from: AssetDirectory(path: root + "/Assets"))
    }()

    /// The bundled interruption scripts' folder.
    static let scripts = root + "/Assets/Interruptions"
}

/// The shooter on the bundled levels, GL-free.
let shooter = LifecycleScenario { seed in Game(seed: seed, levels: Checkout.levels) }

/// A snapshot store that keeps nothing: every save is lost, which breaks invariant 5 (the snapshot on disk loads).
final class ForgetfulStore: SnapshotStore {
    func save(_ bytes: [UInt8]) throws {}
    func load() throws -> [UInt8]? { nil }
    func generations() throws -> [StoredGeneration] { [] }
    func quarantine(_ name: String) throws -> String { name }
}

/// A script: home during single player and back (the shape of Assets/Interruptions/home-single-player.script).
let homeScript = """
    interlude-script 1
    profile ios5
    seed 11

    at 0s      launched
    at 0.5s    play singlePlayer level=1
    at +2s     homePressed
    expect state background
    expect callbacks willResignActive, didEnterBackground
    expect work pauseGame, saveSnapshot
    expect snapshot level=1 paused=1
    capture "home-screen"
    at +30s    iconTapped
    expect callbacks willEnterForeground, didBecomeActive
    expect paused
    at +1s     resume
    expect running
    """
