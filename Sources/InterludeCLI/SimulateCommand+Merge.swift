// SimulateCommand+Merge: `interlude simulate --merge DIR... --out ALL` gathers the folders of `--shard` runs: their
// transcripts copied into ALL, their tallies (simulate.json) added up into one, and the report written as if one
// command had made every run (the `--sometimes` list, if given, checked against all of them). Shards must share the
// build and the options (hours, faults, rate); a run in two folders is an error (exit 2).

import ArgumentParser
import Faults
import Foundation
import Lifecycle
import Simulation
import Storage

extension SimulateCommand {
    /// Merges the `--merge` folders into `--out`.
    func mergeShards(_ checklist: SometimesList?) throws {
        let target = URL(fileURLWithPath: out).standardizedFileURL.path
        guard !merge.contains(where: { URL(fileURLWithPath: $0).standardizedFileURL.path == target }) else {
            throw ValidationError("--merge: --out must be a folder of its own, not one of the folders merged")
        }
        var tallies: [SimulateTally] = []
        for folder in merge {
            guard FileManager.default.fileExists(atPath: folder + "/simulate.json") else {
                sayError(
                    "error: --merge: '\(folder)' holds no simulate.json (not a folder \(Tool.name) simulate wrote)")
                throw Exit.invalid
            }
            do { tallies.append(try SimulateReport.read(from: folder)) } catch {
                sayError("error: --merge: '\(folder)/simulate.json' is not \(Tool.name) simulate's: \(error)")
                throw Exit.invalid
            }
        }
        var tally: SimulateTally
        do { tally = try SimulateTally(merging: tallies) } catch {
            sayError("error: --merge: \(error)")
            throw Exit.invalid
        }
        var sources: [String: String] = [:]  // transcript name: the folder it comes from
        for folder in merge {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names.sorted() where name.hasSuffix(".transcript.jsonl") {
                if let other = sources[name] {
                    sayError("error: --merge: \(name) is in both '\(other)' and '\(folder)'")
                    throw Exit.invalid
                }
                sources[name] = folder
            }
        }
        do { try HostPaths.prepareFolder(out) } catch { throw ValidationError("--out: \(error)") }
        for (name, folder) in sources.sorted(by: { $0.key < $1.key }) {
            let destination = out + "/" + name
            try? FileManager.default.removeItem(atPath: destination)
            try FileManager.default.copyItem(atPath: folder + "/" + name, toPath: destination)
        }
        // One index of every run, in run order, as one command would have written it.
        let rank = Dictionary(uniqueKeysWithValues: Profile.all.enumerated().map { ($1.name, $0) })
        var outcomes: [ReplayOutcome] = []
        for folder in merge {
            do { outcomes += try ReplayIndex.read(from: folder) } catch {
                sayError("error: --merge: \(error)")
                throw Exit.invalid
            }
        }
        outcomes.sort { SimulateTally.runOrder($0.script, rank) < SimulateTally.runOrder($1.script, rank) }
        try ReplayIndex.write(outcomes, to: out, command: "simulate", timelines: false)
        try finish(&tally, checklist)
    }
}

/// Folders that cannot be merged: what differs.
struct TallyMismatch: Error, CustomStringConvertible {
    let description: String
}

extension SimulateTally {
    /// The tally of every run of `tallies` (shards' tallies), as one command would have counted them.
    init(merging tallies: [SimulateTally]) throws {
        guard let first = tallies.first else { throw TallyMismatch(description: "no folder to merge") }
        for other in tallies.dropFirst() {
            guard other.build == first.build else {
                throw TallyMismatch(description: "builds differ (\(first.build), \(other.build)): rerun on one build")
            }
            guard other.hours == first.hours, other.faults == first.faults, other.rate == first.rate,
                other.backgroundStore == first.backgroundStore
            else {
                throw TallyMismatch(
                    description: "options differ (\(first.optionsText) against \(other.optionsText))")
            }
        }
        self = first
        shard = nil
        neverReached = nil
        let merged = Set(tallies.flatMap(\.profiles))
        profiles = Profile.all.map(\.name).filter(merged.contains)
        runs = tallies.reduce(0) { $0 + $1.runs }
        moves = tallies.reduce(0) { $0 + $1.moves }
        kills = tallies.reduce(0) { $0 + $1.kills }
        tolerated = tallies.reduce(0) { $0 + $1.tolerated }
        simulatedHours = hours * Double(runs)
        let runSeconds = tallies.reduce(0) { $0 + $1.timing.runSeconds }
        timing = Timing(
            wallSeconds: tallies.reduce(0) { $0 + $1.timing.wallSeconds }, runSeconds: runSeconds,
            realTimeFactor: simulatedHours * 3600 / max(runSeconds, 1e-9),
            runs: tallies.reduce(into: [:]) { runs, tally in runs.merge(tally.timing.runs) { first, _ in first } })
        var failures: [String: Failure] = [:]
        // The detail of a kind is its first seed's, as one command would have kept.
        for failure in tallies.flatMap(\.failures).sorted(by: { ($0.seeds.first ?? 0) < ($1.seeds.first ?? 0) }) {
            guard var known = failures[failure.kind] else {
                failures[failure.kind] = failure
                continue
            }
            known.seeds = Array(Set(known.seeds + failure.seeds)).sorted()
            failures[failure.kind] = known
        }
        self.failures = Self.ordered(Array(failures.values))
        let rank = Dictionary(uniqueKeysWithValues: Profile.all.enumerated().map { ($1.name, $0) })
        differing = tallies.flatMap(\.differing).sorted { Self.runOrder($0, rank) < Self.runOrder($1, rank) }
        var fired: [String: Int] = [:]
        var reached: [String: Int] = [:]
        for count in tallies.flatMap(\.faultCounts) {
            fired[count.point, default: 0] += count.fired
            reached[count.point, default: 0] += count.reached
        }
        let known = tallies.flatMap { $0.faultCounts.map(\.point) }
        var seen: Set<String> = []
        faultCounts = known.filter { seen.insert($0).inserted }.sorted { Self.pointOrder($0) < Self.pointOrder($1) }.map
        {
            FaultCount(point: $0, fired: fired[$0] ?? 0, reached: reached[$0] ?? 0)
        }
        cells = [:]
        for tally in tallies {
            for (profile, counts) in tally.cells {
                for (cell, count) in counts { cells[profile, default: [:]][cell, default: 0] += count }
            }
        }
    }

    /// Where `PROFILE-seed-S` comes in the run order: (the profile's place, the seed).
    static func runOrder(_ name: String, _ rank: [String: Int]) -> (Int, UInt64, String) {
        guard let range = name.range(of: "-seed-", options: .backwards) else { return (rank.count, 0, name) }
        return (rank[String(name[..<range.lowerBound])] ?? rank.count, UInt64(name[range.upperBound...]) ?? 0, name)
    }

    /// Where a fault point comes in the tally: the environment's points (sorted by name), then the seeded bugs.
    private static func pointOrder(_ name: String) -> (Int, String) {
        (FaultPoint.all.contains { $0.name == name } ? 0 : 1, name)
    }
}
