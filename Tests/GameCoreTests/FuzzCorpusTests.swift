// The fuzz-level seeds and findings (Apps/Fuzz/Corpus/fuzz-level, issue 15): every input is a level that keeps the
// format's promises, or is refused with a place inside the text. The property the fuzzer checks, on every run.

import Foundation
import GameCore
import Testing

@Suite struct LevelFuzzCorpusTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Apps/Fuzz/Corpus/fuzz-level")

    static var paths: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0).path }
    }

    @Test func thereAreInputs() { #expect(Self.paths.count >= 5) }

    @Test(arguments: paths) func parsesOrNamesItsPlace(path: String) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        guard let text = String(validating: bytes, as: UTF8.self) else { return }  // refused before parsing
        let level: Level
        do throws(Level.ParseError) {
            level = try LevelFile.parse(text)
        } catch {
            let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            #expect((1...lines.count + 1).contains(error.line) && error.column >= 1, "\(error)")
            return
        }
        #expect(level.positions(of: .start).count == 1)
        #expect(!level.positions(of: .exit).isEmpty)
        #expect(level.width <= Level.maximumSide && level.depth <= Level.maximumSide)
    }
}
