// `simulate`'s jobs for the batch runner: each (profile, seed) run in a child process of its own (`simulate --seed S
// --profile P --child-result FILE`), under the watchdog, so that a game that crashes or hangs in one seed fails that
// run alone, named, and the other seeds run on. The child writes its transcript and hands its run's record back.

import ArgumentParser
import Faults
import Foundation
import Lifecycle
import Simulation

/// A run as a child hands it to its parent (SimulateTally.Run, as JSON).
struct RunRecord: Codable {
    struct Failure: Codable {
        var invariant: String
        var number: Int
        var site: String
        var detail: String
        var time: Int64
    }

    var profile: String
    var seed: UInt64
    var moves: Int
    var kills: Int
    var tolerated: Int
    var failures: [Failure]
    var fired: [String: Int]
    var reached: [String: Int]
    var cells: [String: Int]
    var seconds: Double
    var differs: Bool

    init(_ run: SimulateTally.Run) {
        profile = run.profile.name
        seed = run.seed
        moves = run.moves
        kills = run.kills
        tolerated = run.tolerated
        failures = run.failures.map {
            Failure(invariant: $0.invariant, number: $0.number, site: $0.site, detail: $0.detail, time: $0.time)
        }
        fired = Dictionary(uniqueKeysWithValues: run.fired.map { ($0.key.name, $0.value) })
        reached = Dictionary(uniqueKeysWithValues: run.reached.map { ($0.key.name, $0.value) })
        cells = run.cells
        seconds = run.seconds
        differs = run.differs
    }

    /// The run, or nil when the record names a profile or fault point this build does not know.
    var run: SimulateTally.Run? {
        guard let profile = Profile.named(profile) else { return nil }
        func points(_ counts: [String: Int]) -> [FaultPoint: Int]? {
            var points: [FaultPoint: Int] = [:]
            for (name, count) in counts {
                guard let point = FaultPoint.named(name) else { return nil }
                points[point] = count
            }
            return points
        }
        guard let fired = points(fired), let reached = points(reached) else { return nil }
        return SimulateTally.Run(
            profile: profile, seed: seed, moves: moves, kills: kills, tolerated: tolerated,
            failures: failures.map {
                SimulationFailure(
                    invariant: $0.invariant, number: $0.number, site: $0.site, detail: $0.detail, time: $0.time)
            }, fired: fired, reached: reached, cells: cells, seconds: seconds, differs: differs)
    }
}

extension SimulateTally.Run {
    /// The run's name in verdicts and indexes: `PROFILE-seed-S`.
    var name: String { "\(profile.name)-seed-\(seed)" }

    /// How its child process died (hung or crashed) and where, when it gave no record: its one failure, of number 0
    /// (not an invariant; SimulateCommand.run(of:_:) makes it).
    var death: (verdict: ReplayOutcome.Verdict, detail: String)? {
        guard let died = failures.first(where: { $0.number == 0 }) else { return nil }
        return (died.invariant == ReplayOutcome.Verdict.hung.rawValue ? .hung : .crashed, died.detail)
    }
}

extension ReplayOutcome {
    /// A simulated run as an index entry: pass, fail (an invariant broke, or --twice differed), hung or crashed.
    /// A simulated run in the index: its seconds are 0 there, its time being in timing.json (SimulateReport).
    init(run: SimulateTally.Run) {
        let name = run.name
        if let death = run.death {
            self.init(unfinished: name, verdict: death.verdict, failure: death.detail, seconds: 0)
        } else {
            self.init(
                finished: name, ok: run.failures.isEmpty && !run.differs,
                failures: run.failures.map(\.description)
                    + (run.differs ? ["the second run's transcript is not the first's (--twice)"] : []),
                seconds: 0)
        }
        profile = run.profile.name
    }
}

extension SimulateCommand {
    /// The runs of `plan`, each in a child process, in order; each one's line printed as it ends.
    func runInChildren(_ plan: [(profile: Profile, seed: UInt64)], disk: String) throws -> [SimulateTally.Run] {
        // GL stays on one thread at a time: a rendered simulation runs one run after the other.
        let runner = BatchRunner(jobs: render ? 1 : jobs, rendersWithGL: render)
        let jobs = plan.map { job(profile: $0.profile, seed: $0.seed, disk: disk, shrinking: nil) }
        do {
            return try runner.run(
                jobs,
                outcome: { index, _, result in run(of: plan[index], result) },
                report: { run in
                    if let death = run.death {
                        // The detail starts with the run's name (the report's failure needs it); said once here.
                        say("\(death.verdict == .hung ? "HUNG" : "CRASH") \(death.detail)")
                        return
                    }
                    say(
                        "\(run.failures.isEmpty ? "ok  " : "FAIL") \(run.name): \(run.moves) moves, \(run.kills) kills, "
                            + "\(run.failures.count) failures (\(String(format: "%.2f", run.seconds)) s)")
                })
        } catch let error as BatchError {
            throw ValidationError(error.description)
        }
    }

    /// With `--shrink`: each (profile, invariant) that failed, shrunk once, from the first run that broke it, in a
    /// child process that runs that seed again (the same bytes) and writes `DIR/shrunk/...`.
    func shrinkInChildren(_ runs: [SimulateTally.Run], disk: String) throws {
        var done: Set<String> = []
        var jobs: [BatchJob] = []
        for run in runs {
            let numbers = run.failures.map(\.number).filter {
                $0 > 0 && done.insert("\(run.profile.name) \($0)").inserted
            }
            guard !numbers.isEmpty else { continue }
            jobs.append(job(profile: run.profile, seed: run.seed, disk: disk, shrinking: numbers))
        }
        guard !jobs.isEmpty else { return }
        let runner = BatchRunner(jobs: render ? 1 : self.jobs, rendersWithGL: render)
        do {
            _ = try runner.run(
                jobs,
                outcome: { _, job, result in
                    if case .died(_, let failure) = result.ending { return "  shrink \(job.name): \(failure)" }
                    return nil
                },
                report: { (line: String?) in if let line { say(line) } })
        } catch let error as BatchError {
            throw ValidationError(error.description)
        }
    }

    /// The child process of one run (or of its shrinking, `shrinking` the invariants to shrink).
    private func job(profile: Profile, seed: UInt64, disk: String, shrinking: [Int]?) -> BatchJob {
        let name = "\(profile.name)-seed-\(seed)"
        let simulated = hours * 3600
        let deadline =
            timeout ?? (120 + simulated / 10 * (twice ? 2 : 1) * (render ? 5 : 1) * (shrinking == nil ? 1 : 20))
        var arguments = ["simulate", "--seed", "\(seed)", "--profile", profile.name, "--hours", "\(hours)"]
        arguments += ["--faults", faults, "--rate", "\(rate)", "--out", out, "--disk", disk]
        if twice, shrinking == nil { arguments.append("--twice") }
        if render { arguments.append("--render") }
        if backgroundStore { arguments.append("--background-store") }
        if let shrinking {
            arguments += ["--shrink", "--shrink-only", shrinking.map(String.init).joined(separator: ",")]
        }
        arguments += game.childArguments  // the same game
        let base = arguments
        return BatchJob(
            name: name, place: name, deadline: deadline, heartbeatScript: nil,
            arguments: { result, _ in base + ["--child-result", result] })
    }

    /// The run a child reported, or one whose only failure says how the child died (number 0: not an invariant).
    private func run(of planned: (profile: Profile, seed: UInt64), _ result: BatchResult) -> SimulateTally.Run {
        let death: (verdict: String, detail: String)
        switch result.ending {
        case .finished(let data):
            if let record = try? JSONDecoder().decode(RunRecord.self, from: data), let run = record.run { return run }
            death = ("crashed", "exited without a readable record of its run")
        case .died(let verdict, let failure):
            death = (verdict.rawValue, failure + (result.firstRun.map { "; first run: \($0)" } ?? ""))
        }
        return SimulateTally.Run(
            profile: planned.profile, seed: planned.seed, moves: 0, kills: 0, tolerated: 0,
            failures: [
                SimulationFailure(invariant: death.verdict, number: 0, site: "process", detail: death.detail, time: 0)
            ],
            fired: [:], reached: [:], cells: [:], seconds: result.seconds, differs: false)
    }
}
