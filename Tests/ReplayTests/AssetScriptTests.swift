// Every script in Assets/Interruptions parses, and survives a round trip through the writer.

import Foundation
import Lifecycle
import Replay
import Testing

@Suite struct AssetScriptTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Assets/Interruptions")

    static var paths: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".script") }.sorted().map { directory.appendingPathComponent($0).path }
    }

    @Test func thereAreScripts() { #expect(!Self.paths.isEmpty) }

    @Test(arguments: paths) func parsesAndRoundTrips(path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let script: Script
        do {
            script = try ScriptParser.parse(text, file: path)
        } catch {
            Issue.record("\(error)")
            return
        }
        #expect(path.hasSuffix("/\(script.name).script"))
        #expect(script.lines.contains { $0.command.time != nil })
        expectSameScript(try ScriptParser.parse(ScriptWriter.render(script), file: path), script)
    }
}
