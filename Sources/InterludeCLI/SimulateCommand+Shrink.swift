import Foundation
import Replay
import Simulation
import Storage

/// `interlude simulate --shrink`: each distinct failure of a seed, reduced to a short `.script` (Shrinker).
extension SimulateCommand {
    /// Shrinks each failure of `result` not shrunk yet (by kind, across seeds) into `OUT/shrunk/`, printing the
    /// script's path and size. A failure the script's fault lines cannot replay is said so; its seed stays the repro.
    func shrinkFailures<Entry: GameEntry>(
        of result: SimulationResult<Entry.Game.Action>, entry: Entry, disk: String, done: inout Set<String>
    ) throws {
        let options = result.options
        let shrinker = Shrinker(
            profile: options.profile, seed: options.seed, folder: disk + "/shrink-\(options.profile.name)",
            store: { try FileSnapshotStore.faulty(folder: $0, injector: $1) }, game: { entry.makeGame(seed: $0) })
        defer { try? FileManager.default.removeItem(atPath: shrinker.folder) }
        // The replay of a shrunk script needs the same game.
        let gameOption = game.path.map { "--game \($0) " } ?? ""
        // One script per profile and invariant: the first seed's failure of it.
        for failure in result.failures where done.insert("\(options.profile.name) \(failure.number)").inserted {
            let name = "\(options.profile.name)-seed-\(options.seed)-invariant-\(failure.number)"
            try HostPaths.prepareFolder(out + "/shrunk")
            let path = "\(out)/shrunk/\(name).script"
            guard let shrunk = try shrinker.shrink(result, failure: failure) else {
                let whole = ScriptWriter.render(shrinker.script(result.lines, name: name + "-unshrunk"))
                try Data(whole.utf8).write(to: URL(fileURLWithPath: "\(out)/shrunk/\(name)-unshrunk.script"))
                print(
                    "  shrink \(name): the run replayed as a script does not fail this way (the whole run as a "
                        + "script: \(TerminalText.escaped(out))/shrunk/\(name)-unshrunk.script); the seed is the repro")
                continue
            }
            let header = """
                # Shrunk by `\(Tool.name) simulate --shrink` from seed \(options.seed) (\(options.profile.name), build \
                \(Self.buildIdentity())):
                # \(failure.invariant) at \(failure.site): \(failure.detail.replacingOccurrences(of: "\n", with: " "))
                # \(shrunk.linesBefore) lines cut after the failing move, \(shrunk.timedLines) timed lines after \
                \(shrunk.replays) replays. Replay: interlude replay \(gameOption)\(path)

                """
            let text = header + ScriptWriter.render(shrunk.script)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            print(
                "  shrunk \(TerminalText.escaped(failure.kind)): \(shrunk.linesBefore) lines -> \(shrunk.timedLines) "
                    + "timed lines (\(shrunk.replays) replays): \(TerminalText.escaped(path))")
        }
    }
}
