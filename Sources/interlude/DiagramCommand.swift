import ArgumentParser
import Foundation
import Lifecycle
import Services

/// `interlude diagram`: the diagrams, generated from the transition table and the module list.
struct DiagramCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diagram",
        abstract: "Write the life-cycle state diagrams (per profile) and the module graph.",
        discussion: """
            Writes lifecycle-ios4, lifecycle-ios5 and modules, each as Mermaid (.mmd) and Graphviz (.dot),
            straight from the code's tables, plus .svg drawn by Graphviz `dot` when it is installed
            (apt-get install graphviz). With --check, writes nothing and exits 1 if a committed .mmd or .dot
            differs from what the code gives (the diagrams are stale).
            """)

    @Option(name: .shortAndLong, help: "Folder to write into.")
    var out: String = "Diagrams"

    @Flag(help: "Only compare the folder's .mmd and .dot files with the code; exit 1 when stale.")
    var check = false

    /// Every generated text file: name → contents.
    static func files() -> [(String, String)] {
        var files: [(String, String)] = []
        for profile in Profile.all {
            files.append(("lifecycle-\(profile.name).mmd", Diagram.mermaid(profile)))
            files.append(("lifecycle-\(profile.name).dot", Diagram.dot(profile)))
        }
        files.append(("modules.mmd", ModuleGraph.mermaid()))
        files.append(("modules.dot", ModuleGraph.dot()))
        return files
    }

    func run() throws {
        if check {
            var stale: [String] = []
            for (name, text) in Self.files() {
                let existing = FileManager.default.contents(atPath: "\(out)/\(name)").flatMap {
                    String(data: $0, encoding: .utf8)
                }
                if existing != text { stale.append(name) }
            }
            if stale.isEmpty {
                print("diagrams in \(out)/ are up to date")
                return
            }
            print("stale diagrams in \(out)/: \(stale.joined(separator: ", ")); run `interlude diagram --out \(out)`")
            throw Exit.failed
        }
        do { try HostPaths.prepareFolder(out) } catch { throw ValidationError("--out: \(error)") }
        for (name, text) in Self.files() {
            try Data(text.utf8).write(to: URL(fileURLWithPath: "\(out)/\(name)"), options: .atomic)
            print("wrote \(out)/\(name)")
        }
        guard let dot = Self.findDot() else {
            print("note: Graphviz `dot` not found; SVGs not drawn (apt-get install graphviz)")
            return
        }
        for (name, _) in Self.files() where name.hasSuffix(".dot") {
            let svg = "\(out)/\(name.dropLast(4)).svg"
            let process = Process()
            process.executableURL = URL(fileURLWithPath: dot)
            process.arguments = ["-Tsvg", "\(out)/\(name)", "-o", svg]
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw ValidationError("dot failed on \(out)/\(name)") }
            print("wrote \(svg)")
        }
    }

    static func findDot() -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
        return paths.map { "\($0)/dot" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
