import Foundation
import Replay
import Runtime
import Storage

/// `index.html` of a replay run, and each script's timeline (NAME.timeline.mmd, NAME.timeline.svg) beside it.
///
/// One page that works offline, opened from the folder (file://): CSS and the timeline SVGs are inline; the
/// captured frames are the PNGs already in the folder, linked by relative path rather than copied in as data URIs,
/// so that the page stays small (17 scripts: about 0.5 MB of HTML, against 3 MB or more with every frame inlined),
/// opens at once, and the thumbnail is the very file a user would open full size. Moving the folder moves them
/// together; `--merge` copies frames beside its index, so a merged report works the same.
/// Everything that comes from a script or a transcript (names, lines, details) is escaped: the inputs are hostile.
/// The only script is a few lines of our own that mark each thumbnail as loaded or missing.
enum ReplayReport {
    /// What the page shows of one script.
    struct Entry {
        let outcome: ReplayOutcome
        let timeline: Timeline?
        let problem: String?  // why there is no timeline (no transcript, an unreadable one)
    }

    /// The most `expect` rows listed per script (a generated script may have thousands).
    static let expectationRows = 500

    /// Reads each outcome's transcript (and script, to quote its lines) from `folder`, writes the timelines and the
    /// page. A transcript that cannot be read is shown as such; it never stops the report.
    static func write(
        _ outcomes: [ReplayOutcome], to folder: String, command: String = "replay", timelines: Bool = true
    ) throws {
        var entries: [Entry] = []
        for outcome in outcomes {
            let entry =
                timelines ? self.entry(outcome, folder: folder) : Entry(outcome: outcome, timeline: nil, problem: nil)
            if let timeline = entry.timeline {
                let name = outcome.script
                try write(timeline.mermaid(origin: outcome.transcript), to: "\(folder)/\(name).timeline.mmd")
                try write(timeline.svg(), to: "\(folder)/\(name).timeline.svg")
            }
            entries.append(entry)
        }
        try write(html(entries, command: command), to: "\(folder)/index.html")
    }

    private static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    static func entry(_ outcome: ReplayOutcome, folder: String) -> Entry {
        let path = "\(folder)/\(outcome.transcript)"
        let text: String
        do {
            text = String(
                decoding: try HostPaths.readFile(path, limit: DiagramCommand.maximumTranscriptBytes), as: UTF8.self)
        } catch {
            return Entry(
                outcome: outcome, timeline: nil,
                problem: "no transcript: \((error as? FileStoreError)?.reason ?? "\(error)")")
        }
        let source = outcome.scriptFile.flatMap { try? HostPaths.readFile($0, limit: ReplayCommand.maximumScriptBytes) }
            .map { ScriptParser.lines(of: String(decoding: $0, as: UTF8.self)) }
        // A run that was ended (hung, crashed) may leave a last line cut in the middle: draw what is whole.
        var lines: [TranscriptLine] = []
        var problem: String?
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.isEmpty {
            do {
                lines += try TranscriptReader.read(String(line), file: outcome.transcript)
            } catch {
                problem = "transcript line \(number + 1) unreadable (\(error.message)); the timeline stops there"
                break
            }
        }
        return Entry(
            outcome: outcome, timeline: Timeline(title: outcome.script, lines: lines, source: source), problem: problem)
    }

    /// Failed (and hung, crashed) scripts first, then the passed ones, each group in run order.
    static func ordered(_ entries: [Entry]) -> [Entry] {
        entries.filter { !$0.outcome.ok } + entries.filter(\.outcome.ok)
    }
}
