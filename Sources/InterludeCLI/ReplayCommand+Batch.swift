// `replay`'s jobs for the batch runner: each script (or each profile of a matrix script) in a child process that
// replays it alone (`replay --child-result FILE SCRIPT`), with the parent's options and the script's deadline.

import Foundation

extension ReplayCommand {
    /// Replays `scripts` in child processes (BatchRunner); their outcomes in order, each verdict printed as it ends.
    func replayInChildren(_ scripts: [ScheduledScript]) throws -> [ReplayOutcome] {
        let runner = BatchRunner(jobs: jobs, rendersWithGL: !noRender)
        do {
            return try runner.run(
                scripts.map(job),
                outcome: { _, job, result in
                    var outcome: ReplayOutcome
                    switch result.ending {
                    case .finished(let data):
                        guard let decoded = try? JSONDecoder().decode(ReplayOutcome.self, from: data) else {
                            let failure = "\(job.place): crashed (exit 0 without a readable result)"
                            return ReplayOutcome(
                                unfinished: job.name, verdict: .crashed, failure: failure, seconds: result.seconds)
                        }
                        outcome = decoded
                        outcome.seconds = (result.seconds * 1000).rounded() / 1000  // both runs' wall time
                    case .died(let verdict, let failure):
                        outcome = ReplayOutcome(
                            unfinished: job.name, verdict: verdict, failure: failure, seconds: result.seconds)
                    }
                    outcome.firstReplay = result.firstRun
                    return outcome
                }, report: { $0.report() })
        } catch let error as BatchError {
            throw ReplayInputError.other(error.description)
        }
    }

    /// The child process of one script: the parent's options, the profile of one replay of a matrix, the deadline.
    private func job(_ script: ScheduledScript) -> BatchJob {
        let deadline = timeout ?? (30 + min(script.virtualSeconds, 86_400))
        var arguments = ["replay", "--out", out, "--width", "\(width)", "--height", "\(height)"]
        arguments += ["--present-every", "\(presentEvery)"]
        if noRender { arguments.append("--no-render") }
        if redrawUnchangedFrames { arguments.append("--redraw-unchanged-frames") }
        if let dataDir { arguments += ["--data-dir", dataDir] }
        // One replay of a matrix (or of --profile): the child replays the file under this profile alone.
        if script.matrix != nil { arguments += ["--profile", script.profileName] }
        if let leaderboard { arguments += ["--leaderboard", leaderboard] }
        if let engines { arguments += ["--engines", engines] }
        arguments += game.childArguments  // the same game
        // The child's own alarm, later than the watchdog's deadline.
        arguments += ["--timeout", String(format: "%.3f", deadline)]
        let base = arguments
        return BatchJob(
            name: script.name, place: script.path, deadline: deadline, heartbeatScript: script.path,
            arguments: { result, heartbeat in
                base + ["--child-result", result, "--heartbeat", heartbeat, script.path]
            })
    }
}
