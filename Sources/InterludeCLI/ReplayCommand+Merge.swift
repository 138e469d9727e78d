import Foundation
import Storage

extension ReplayCommand {
    /// `--merge DIR... --out ALL`: the outputs of several runs (shards) in one folder with one index, sorted by
    /// script name. Transcripts and frames are copied beside it; the same script in two folders is an error (exit 2).
    /// Exits 1 when any merged script failed, as the runs themselves did.
    func runMerge() throws {
        var outcomes: [ReplayOutcome] = []
        var seen: [String: String] = [:]
        do {
            guard files.isEmpty else {
                throw ReplayInputError.other("--merge takes folders, not scripts (\(files.joined(separator: " ")))")
            }
            for folder in merge {
                for outcome in try ReplayIndex.read(from: folder) {
                    if let other = seen[outcome.script] {
                        throw ReplayInputError.other(
                            "\(outcome.script) is in both \(other)/index.json and \(folder)/index.json")
                    }
                    seen[outcome.script] = folder
                    outcomes.append(outcome)
                }
            }
            do { try HostPaths.prepareFolder(out) } catch { throw ReplayInputError.other("--out: \(error)") }
        } catch let error as ReplayInputError {
            for line in error.lines { sayError(line) }
            throw Exit.invalid
        }
        let manager = FileManager.default
        let target = URL(fileURLWithPath: out).standardizedFileURL.path
        for outcome in outcomes {
            let folder = seen[outcome.script]!
            guard URL(fileURLWithPath: folder).standardizedFileURL.path != target else { continue }
            for file in [outcome.transcript] + outcome.frames.compactMap(\.file) {
                let source = "\(folder)/\(file)"
                guard manager.fileExists(atPath: source) else { continue }
                let destination = "\(out)/\(file)"
                try? manager.removeItem(atPath: destination)
                try manager.copyItem(atPath: source, toPath: destination)
            }
        }
        outcomes.sort { $0.script.utf8.lexicographicallyPrecedes($1.script.utf8) }
        try ReplayIndex.write(outcomes, to: out)
        let failed = outcomes.filter { !$0.ok }.count
        for outcome in outcomes where !outcome.ok { say(outcome.verdictLine) }
        say("merged \(merge.count) folders: \(outcomes.count - failed) passed, \(failed) failed")
        say("transcripts, frames, timelines, index.md and index.html in \(out)/")
        if failed > 0 { throw Exit.failed }
    }
}
