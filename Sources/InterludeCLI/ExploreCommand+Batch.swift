// `explore`'s jobs for the batch runner: with more than one profile, each profile is explored in a child process of
// its own (`explore --profile P --child-result FILE`), --jobs at a time, under the watchdog (--timeout), so that the
// profiles share the cores and a game that crashes or hangs in one profile fails that profile alone, named. The child
// writes its witnesses and violations itself and hands back the lines of its report.

import ArgumentParser
import Foundation
import Lifecycle

/// One profile explored, as a child hands it to its parent (as JSON), or as the parent prints it. Which profile is
/// the parent's to know: the runner gives the records in the jobs' order.
struct ExploreRecord: Codable {
    /// The report: ExplorationReport's text, one fact a line (the summary file's part).
    var report: [String]
    /// The files written (violations' scripts, witnesses), a line each.
    var written: [String]
    /// No violation, and every row exercised or argued unreachable.
    var passed: Bool
}

extension ExploreCommand {
    /// Explores each profile in a child process: the records in the profiles' order, each printed as its child ends.
    func exploreInChildren(_ profiles: [Profile]) throws -> [ExploreRecord] {
        let runner = BatchRunner(jobs: jobs, rendersWithGL: false)
        let jobs = profiles.map(job)
        do {
            return try runner.run(
                jobs,
                outcome: { index, job, result in record(of: profiles[index], job: job, result) },
                report: { record in
                    for line in record.report + record.written { say(line) }
                })
        } catch let error as BatchError {
            throw ValidationError(error.description)
        }
    }

    /// The child process exploring `profile` with this command's options.
    private func job(_ profile: Profile) -> BatchJob {
        let name = Self.label(profile)
        var arguments = ["explore", "--profile", profile.name, "--depth", "\(depth)", "--seed", "\(seed)"]
        arguments += ["--out", out]
        if let smsStyle { arguments += ["--sms-style", smsStyle] }
        if let callStyle { arguments += ["--call-style", callStyle] }
        if let writeWitnesses { arguments += ["--write-witnesses", writeWitnesses] }
        arguments += game.childArguments  // the same game
        let base = arguments
        return BatchJob(
            name: name, place: name, deadline: timeout, heartbeatScript: nil,
            arguments: { result, _ in base + ["--child-result", result] },
            keptWhenHung: "its witnesses and violations are written at its end: none kept")
    }

    /// What a child reported, or a failed record saying how it died.
    private func record(of profile: Profile, job: BatchJob, _ result: BatchResult) -> ExploreRecord {
        let failure: String
        switch result.ending {
        case .finished(let data):
            if let record = try? JSONDecoder().decode(ExploreRecord.self, from: data) { return record }
            failure = "CRASH \(job.name): exited without a readable record of its exploration"
        case .died(let verdict, let detail):
            failure = "\(verdict == .hung ? "HUNG" : "CRASH") \(detail)"
        }
        return ExploreRecord(report: ["## \(profile.name)", "- \(failure)"], written: [], passed: false)
    }
}
