// The fuzz-font seeds and findings (Apps/Fuzz/Corpus/fuzz-font, issue 15): every input is a font whose pixels survive
// being written back as text, or is refused at a line and column inside the text. The property the fuzzer checks,
// on every run.

import Foundation
import Renderer
import XCTest

final class FontFuzzCorpusTests: XCTestCase {
    func testEveryInputParsesAndRoundTripsOrNamesItsPlace() throws {
        let folder = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Apps/Fuzz/Corpus/fuzz-font")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertGreaterThanOrEqual(names.count, 2)
        var parsed = 0
        for name in names {
            let text = String(decoding: try Data(contentsOf: folder.appendingPathComponent(name)), as: UTF8.self)
            let font: BitmapFont
            do throws(BitmapFont.ParseError) {
                font = try BitmapFont(parsing: text)
            } catch {
                let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
                XCTAssertTrue((1...lines.count).contains(error.line), "\(name): \(error)")
                if (1...lines.count).contains(error.line) {
                    XCTAssertTrue((1...lines[error.line - 1].count + 1).contains(error.column), "\(name): \(error)")
                }
                continue
            }
            parsed += 1
            var written = ""
            for code in BitmapFont.codes {
                written += "char \(code)\n"
                for row in 0..<BitmapFont.glyphSize {
                    written +=
                        String(
                            (0..<BitmapFont.glyphSize).map { font.isInk(code, column: $0, row: row) ? "#" : "." })
                        + "\n"
                }
            }
            XCTAssertEqual(try BitmapFont(parsing: written), font, name)
        }
        XCTAssertGreaterThanOrEqual(parsed, 1, "the bundled font is among the seeds")
    }
}
