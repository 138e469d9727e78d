import ArgumentParser
import Foundation
import Lifecycle
import Replay
import Runtime
import Storage

/// `interlude diagram`: the diagrams, generated from the transition table and the module list.
struct DiagramCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diagram",
        abstract: "Write the life-cycle diagrams, the game's situations as timelines, and timelines of replays.",
        discussion: """
            Without --transcript: writes lifecycle-PROFILE for every profile (and the game's own diagrams: the shooter's module graph), each as Mermaid (.mmd) and Graphviz (.dot), straight from the code's tables, plus .svg drawn by Graphviz `dot` when it is installed (apt-get install graphviz); and the timelines of the situations the game names (the shooter's: the four the specification drew, an SMS, a call answered in multiplayer, home, lock) on every profile, replayed headless: case-sms-ios4.mmd and .svg, and so on. With --check, writes nothing and exits 1 if a committed .mmd, .dot or case .svg differs from what the code gives (the diagrams are stale).

            With --transcript FILE: draws that one replay as a timeline, NAME.timeline.mmd (a Mermaid sequence diagram) and NAME.timeline.svg (drawn by Interlude itself, works offline), beside the transcript unless --out says where. Lanes: OS events and player actions, the app's state, callbacks, work, and the checks (expectations, captures, broken invariants), with virtual times. --script FILE quotes each `expect` line from the script that was replayed.

            Examples:
              \(Tool.name) diagram                   # Diagrams/ from the code
              \(Tool.name) diagram --check           # exit 1 when Diagrams/ is stale
              \(Tool.name) diagram --transcript out/home-single-player.transcript.jsonl

            \(GameOptions.discussion) The situations drawn are then the game's own, if it names any.
            """)

    @Option(
        name: [.short, .customLong("out")],
        help: "Folder to write into (default: Diagrams, or the transcript's folder with --transcript).")
    var outFolder: String?

    @Flag(help: "Only compare the folder's .mmd, .dot and case .svg files with the code; exit 1 when stale.")
    var check = false

    @Option(
        help: ArgumentHelp(
            "Draw the timeline of one replay from its transcript (.transcript.jsonl).", valueName: "file"))
    var transcript: String?

    @Option(
        help: ArgumentHelp("With --transcript: the script replayed, to quote its `expect` lines.", valueName: "file"))
    var script: String?

    @OptionGroup var game: GameOptions

    var out: String { outFolder ?? "Diagrams" }

    /// Every generated text file: name → contents (the situations' timelines included).
    func allFiles() throws -> [(String, String)] {
        do {
            let entry = try game.entry()
            return Self.files() + entry.extraDiagrams.map { ($0.name, $0.contents) } + (try SeedCases.files(entry))
        } catch let error as ValidationError {
            throw error
        } catch {
            throw ValidationError("cannot replay the situations to draw: \(error)")
        }
    }

    /// The generated text files of the life-cycle tables: name → contents.
    static func files() -> [(String, String)] {
        var files: [(String, String)] = []
        for profile in Profile.all {
            files.append(("lifecycle-\(profile.name).mmd", Diagram.mermaid(profile)))
            files.append(("lifecycle-\(profile.name).dot", Diagram.dot(profile)))
        }
        return files
    }

    func run() throws {
        if let transcript { return try drawTimeline(of: transcript) }
        if script != nil { throw ValidationError("--script goes with --transcript") }
        if !check {
            do { try HostPaths.prepareFolder(out) } catch { throw ValidationError("--out: \(error)") }
        }
        let files = try allFiles()
        if check {
            var stale: [String] = []
            for (name, text) in files {
                let existing = FileManager.default.contents(atPath: "\(out)/\(name)").flatMap {
                    String(data: $0, encoding: .utf8)
                }
                if existing != text { stale.append(name) }
            }
            if stale.isEmpty {
                say("diagrams in \(out)/ are up to date")
                return
            }
            say("stale diagrams in \(out)/: \(stale.joined(separator: ", ")); run `\(Tool.name) diagram --out \(out)`")
            throw Exit.failed
        }
        for (name, text) in files {
            try Data(text.utf8).write(to: URL(fileURLWithPath: "\(out)/\(name)"), options: .atomic)
            say("wrote \(out)/\(name)")
        }
        guard let dot = Self.findDot() else {
            say("note: Graphviz `dot` not found; SVGs not drawn (apt-get install graphviz)")
            return
        }
        for (name, _) in files where name.hasSuffix(".dot") {
            let svg = "\(out)/\(name.dropLast(4)).svg"
            let process = Process()
            process.executableURL = URL(fileURLWithPath: dot)
            process.arguments = ["-Tsvg", "\(out)/\(name)", "-o", svg]
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw ValidationError("dot failed on \(out)/\(name)") }
            say("wrote \(svg)")
        }
    }

    /// `--transcript FILE`: NAME.timeline.mmd and NAME.timeline.svg of that replay.
    func drawTimeline(of path: String) throws {
        let source: [String]?
        do {
            source = try script.map {
                String(decoding: try HostPaths.readFile($0, limit: ReplayCommand.maximumScriptBytes), as: UTF8.self)
            }
            .map(ScriptParser.lines(of:))
        } catch {
            throw ValidationError(
                "--script \(script ?? ""): cannot read it: \((error as? FileStoreError)?.reason ?? "\(error)")")
        }
        let name = Self.replayName(ofTranscript: path)
        let lines: [TranscriptLine]
        do {
            let bytes = try HostPaths.readFile(path, limit: Self.maximumTranscriptBytes)
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw ValidationError("\(path):1:1: error: the transcript is not UTF-8 text")
            }
            lines = try TranscriptReader.read(text, file: path)
        } catch let error as FileStoreError {
            throw ValidationError("--transcript \(path): cannot read it: \(error.reason)")
        } catch let error as TranscriptReadError {
            throw ValidationError(error.description)
        }
        let folder = outFolder ?? URL(fileURLWithPath: path).deletingLastPathComponent().path
        do { try HostPaths.prepareFolder(folder) } catch { throw ValidationError("--out: \(error)") }
        let timeline = Timeline(title: name, lines: lines, source: source)
        let origin = URL(fileURLWithPath: path).lastPathComponent
        for (file, text) in [
            ("\(name).timeline.mmd", timeline.mermaid(origin: origin)), ("\(name).timeline.svg", timeline.svg()),
        ] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: "\(folder)/\(file)"), options: .atomic)
            say("wrote \(folder)/\(file)")
        }
    }

    /// The largest transcript read, in bytes.
    static let maximumTranscriptBytes = 256 << 20

    /// `home.transcript.jsonl` → `home`; any other file name without its last extension.
    static func replayName(ofTranscript path: String) -> String {
        let file = URL(fileURLWithPath: path).lastPathComponent
        if file.hasSuffix(".transcript.jsonl"), file.count > 17 { return String(file.dropLast(17)) }
        let stem = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        return stem.isEmpty ? file : stem
    }

    static func findDot() -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
        return paths.map { "\($0)/dot" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
