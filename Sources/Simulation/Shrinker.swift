// Shrinker: `interlude simulate --shrink` (issue 30). A failing seed's run, kept as a script's lines
// (`SimulationResult.lines`: each move, and a fault line before it for each point that fired in it), is cut after the
// move that failed and then reduced by delta debugging (Zeller's ddmin: drop chunks, then single lines, while the
// replay still fails the same way) to a short `.script` that `interlude replay` fails on the same way. "The same way":
// a violation of the same invariant whose detail reads the same once numbers are set aside (`Shrinker.signature`).
// Each candidate is replayed from an empty disk with `ScriptRunner`, over the same kind of store and display as the
// simulation, its fault points firing only where a fault line says (an injector with nothing enabled).
// Owns: Shrinker, ShrinkResult. Start reading at `Shrinker.shrink(_:failure:)`.

import Faults
import Foundation
import Lifecycle
import Replay
import Runtime
import Saves

/// What a shrink found.
public struct ShrinkResult<Action: ScriptAction>: Sendable {
    /// The short script: `interlude replay` fails on it the same way as the seed.
    public let script: Script<Action>
    /// Its timed lines (`at ...`).
    public var timedLines: Int { script.lines.filter { $0.command.time != nil }.count }
    /// How many lines the run had when cut after its failing move, before shrinking.
    public let linesBefore: Int
    /// How many replays the shrink made.
    public let replays: Int
}

/// Shrinks a failing seed to a short script.
public struct Shrinker<Game: LifecycleGame> where Game.Action: ScriptAction {
    public let profile: Profile
    public let seed: UInt64
    /// The disk of each replay: a folder emptied before it.
    public let folder: String
    public let makeGame: (UInt64) -> Game
    public let makeStore: (String, FaultInjector) throws -> any SnapshotStore
    /// The most replays one shrink makes (each replays its candidate from the start).
    public var replayLimit = 3_000
    /// The environment and display of each replay, made from its injector (a test's doubles, as the run had them).
    public var world = SimulationWorld<Game.Scene>()

    public init(
        profile: Profile, seed: UInt64, folder: String,
        store makeStore: @escaping (String, FaultInjector) throws -> any SnapshotStore,
        game makeGame: @escaping (UInt64) -> Game
    ) {
        self.profile = profile
        self.seed = seed
        self.folder = folder
        self.makeStore = makeStore
        self.makeGame = makeGame
    }

    /// `lines` as a script of this profile and seed, named `name`.
    public func script(_ lines: [Command<Game.Action>], name: String = "shrunk") -> Script<Game.Action> {
        Script(
            name: name, profileName: profile.name, seed: seed,
            lines: lines.enumerated().map { index, command in
                ScriptLine(
                    location: SourceLocation(file: name + ".script", line: index + 1, column: 1), command: command)
            })
    }

    /// Replays `lines` from an empty disk, as `interlude replay` would with the same store and no render.
    public func replay(_ lines: [Command<Game.Action>]) throws -> ReplayResult {
        try? FileManager.default.removeItem(atPath: folder)
        let injector = FaultInjector(seed: seed, enabled: [])
        let store = try makeStore(folder, injector)
        return ScriptRunner.run(
            script(lines), display: world.display?(injector) ?? RecordingDisplay<Game.Scene>(), snapshots: store,
            faults: injector, game: makeGame,
            configure: { runtime in
                if let service = world.leaderboard?(injector) { runtime.useLeaderboard(service, pacing: .virtual) }
            }, environment: world.environment)
    }

    /// A violation's detail with its numbers and the disk's folder set aside: what "the same way" compares.
    public static func signature(invariant: Int, detail: String, folder: String) -> String {
        var text = "\(invariant): "
        var inNumber = false
        for character in detail.replacingOccurrences(of: folder, with: "DISK") {
            if character.isNumber {
                if !inNumber { text += "#" }
                inNumber = true
            } else {
                text.append(character)
                inNumber = false
            }
        }
        return text
    }

    /// True when replaying `lines` breaks the invariant `invariant` with a detail of signature `signature`.
    func fails(_ lines: [Command<Game.Action>], invariant: Int, signature: String) throws -> Bool {
        try replay(lines).violations.contains {
            $0.violation.invariant == invariant
                && Self.signature(invariant: invariant, detail: $0.violation.detail, folder: folder) == signature
        }
    }

    /// The shortest script found that fails as `failure` did in `result`, or nil when the run, replayed as a
    /// script, does not fail that way (a failure the script's fault lines cannot place: say so, keep the seed).
    public func shrink(
        _ result: SimulationResult<Game.Action>, failure: SimulationFailure
    ) throws -> ShrinkResult<Game.Action>? {
        let simulationFolder = result.options.folder
        let invariant = failure.number
        let signature = Self.signature(invariant: invariant, detail: failure.detail, folder: simulationFolder)
        let cut = Array(result.lines.prefix(result.failingLine[failure.kind] ?? result.lines.count))
        var replays = 1
        guard try fails(cut, invariant: invariant, signature: signature) else { return nil }
        var current = cut
        var chunks = 2
        while current.count >= 2, replays < replayLimit {
            let size = (current.count + chunks - 1) / chunks
            var reduced = false
            for start in stride(from: 0, to: current.count, by: size) where replays < replayLimit {
                var candidate = current
                candidate.removeSubrange(start..<min(start + size, current.count))
                replays += 1
                if try fails(candidate, invariant: invariant, signature: signature) {
                    current = candidate
                    chunks = max(chunks - 1, 2)
                    reduced = true
                    break
                }
            }
            if !reduced {
                guard size > 1 else { break }
                chunks = min(chunks * 2, current.count)
            }
        }
        return ShrinkResult(script: script(current), linesBefore: cut.count, replays: replays)
    }
}
