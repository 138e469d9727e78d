// The fuzz-script seeds and findings (Apps/Fuzz/Corpus/fuzz-script, issue 15): every input either parses and survives
// the writer unchanged, or is refused with a place inside the text. The property the fuzzer checks, on every run.

import Foundation
import Replay
import Testing

@Suite struct FuzzCorpusTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Apps/Fuzz/Corpus/fuzz-script")

    static var paths: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0).path }
    }

    @Test func thereAreInputs() { #expect(Self.paths.count >= 30) }

    @Test(arguments: paths) func parsesAndRoundTripsOrNamesItsPlace(path: String) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        guard let text = String(validating: bytes, as: UTF8.self) else { return }  // refused before parsing
        let script: Script
        do throws(ScriptError) {
            script = try ScriptParser.parse(text, file: "in.script")
        } catch {
            let lines = ScriptParser.lines(of: text).count
            #expect((1...max(1, lines + 1)).contains(error.location.line) && error.location.column >= 1, "\(error)")
            #expect(!error.message.contains("\n"))
            return
        }
        let written = ScriptWriter.render(script)
        let reread = try ScriptParser.parse(written, file: "in.script")
        expectSameScript(reread, script)
        #expect(ScriptWriter.render(reread) == written)
    }
}
