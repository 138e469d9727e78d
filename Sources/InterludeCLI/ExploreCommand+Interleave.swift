import ArgumentParser
import Exploration
import Foundation
import Replay
import Runtime
import Storage
import Synchronization

extension ExploreCommand {
    /// `--interleave`: each script's runs, spread over --jobs threads; the first differing moment of each kind
    /// written to --out as a script.
    func runInterleave<Entry: GameEntry>(_ entry: Entry) throws {
        let scripts = try interleaveScripts(of: entry)
        let kinds = try kinds()
        let spacing = Self.nanoseconds(every)!
        var differing = 0
        for script in scripts {
            let started = Date()
            let interleaving = Interleaving(script: script, every: spacing, kinds: kinds) { entry.makeGame(seed: $0) }
            let baseline = interleaving.baseline()
            guard baseline.ok else {
                say("\(script.name): the uninterrupted replay fails; fix it first:")
                for failure in baseline.failures { say("  \(failure)") }
                throw Exit.failed
            }
            let (moments, skipped) = interleaving.runningMoments()
            let cases = interleaving.cases(at: moments)
            say(
                "\(script.name): \(cases.count) runs (\(interleaving.applicableKinds.count) kinds × \(moments.count) "
                    + "moments where the game runs; \(skipped) moments skipped), baseline hash "
                    + "\(baseline.simulationHash)")
            // A kind that does not apply to the script's profile (a call that is a banner there) is skipped, not run.
            for skip in interleaving.skipped { say("  SKIPPED: \(skip)") }
            let outcomes = Self.runAll(cases, of: interleaving, baselineHash: baseline.simulationHash, jobs: jobs)
            let seconds = Date().timeIntervalSince(started)
            var firstDifferences: [InterleaveOutcome<Entry.Game.Action>] = []
            for kind in kinds {
                guard let first = outcomes.first(where: { !$0.isSame && $0.interleaveCase.kind == kind }) else {
                    continue
                }
                firstDifferences.append(first)
            }
            let same = outcomes.filter(\.isSame).count
            say(
                "\(script.name): \(same) of \(outcomes.count) runs end with the uninterrupted hash "
                    + String(format: "(%.1f s)", seconds))
            for outcome in firstDifferences {
                differing += 1
                let path = "\(out)/\(outcome.script.name).script"
                try Data(interleaving.report(outcome, baselineHash: baseline.simulationHash).utf8).write(
                    to: URL(fileURLWithPath: path), options: .atomic)
                let count = outcomes.filter { !$0.isSame && $0.interleaveCase.kind == outcome.interleaveCase.kind }
                    .count
                say(
                    "  DIFFERS: \(outcome.interleaveCase.kind.name) first at "
                        + "\(Double(outcome.interleaveCase.moment) / 1e9) s (\(count) moments differ): "
                        + "hash \(outcome.simulationHash) \(outcome.failures.first ?? "") → \(path)")
            }
        }
        if differing > 0 { throw Exit.failed }
    }

    /// The --interleave scripts, parsed; a script error or a multiplayer script is an invalid input (exit 2).
    private func interleaveScripts<Entry: GameEntry>(of entry: Entry) throws -> [Replay.Script<Entry.Game.Action>] {
        var scripts: [Replay.Script<Entry.Game.Action>] = []
        for path in interleave {
            do {
                let bytes = try HostPaths.readFile(path, limit: ReplayCommand.maximumScriptBytes)
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    throw ValidationError("\(path):1:1: the script is not UTF-8 text")
                }
                let script: Replay.Script<Entry.Game.Action> = try ScriptParser.parse(text, file: path)
                if let line = script.lines.first(where: { line in
                    guard case .action(_, let action) = line.command else { return false }
                    return entry.isMultiplayer(action)
                }) {
                    throw ValidationError("\(line.location): --interleave takes a single-player script (invariant 7)")
                }
                scripts.append(script)
            } catch let error as ScriptError {
                sayError(error.description)
                throw Exit.invalid
            } catch let error as ValidationError {
                throw error
            } catch {
                throw ValidationError("\(path): cannot read the script: \(error)")
            }
        }
        return scripts
    }

    /// Runs every case, `jobs` at a time, in the cases' order.
    static func runAll<Game>(
        _ cases: [InterleaveCase], of interleaving: Interleaving<Game>, baselineHash: String, jobs: Int?
    ) -> [InterleaveOutcome<Game.Action>] {
        let results = Mutex<[Int: InterleaveOutcome<Game.Action>]>([:])
        let next = Atomic<Int>(0)
        let workers = max(1, min(jobs ?? ProcessInfo.processInfo.activeProcessorCount, cases.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < cases.count else { return }
                let outcome = interleaving.run(cases[index], baselineHash: baselineHash)
                results.withLock { $0[index] = outcome }
            }
        }
        let done = results.withLock { $0 }
        return cases.indices.compactMap { done[$0] }
    }
}
