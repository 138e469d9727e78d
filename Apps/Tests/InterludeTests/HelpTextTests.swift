// Every command's --help at 80 columns (the argument parser's default width): no line is longer, and no paragraph
// is broken twice (hand-wrapped text re-wrapped by the parser reads "(as under the app" / "switcher), iconifying"):
// within a paragraph, a line ends only where the next word would not have fitted.

import Foundation
import TestSupport
import XCTest

final class HelpTextTests: XCTestCase {
    static let commands: [[String]] = [
        [], ["replay"], ["play"], ["diagram"], ["soak"], ["leaderboard", "serve"], ["explore"], ["simulate"],
    ]

    /// `interlude ARGUMENTS --help` as printed on an 80-column terminal.
    func help(_ arguments: [String]) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["COLUMNS"] = "80"
        let result = try Program.run(Interlude.binary, arguments + ["--help"], environment: environment, deadline: 60)
        XCTAssertEqual(result.status, 0, "interlude \(arguments.joined(separator: " ")) --help")
        return result.outputText
    }

    /// The shipped command carries no test switch, shown or hidden: the tests' hangs and crashes on purpose are
    /// the test doubles' (Apps/Sources/interlude-test-doubles), a program of their own.
    func testNoTestSwitchIsShippedEvenHidden() throws {
        for command in Self.commands {
            let result = try Program.run(Interlude.binary, command + ["--help-hidden"], deadline: 60)
            XCTAssertEqual(result.status, 0, "\(command) --help-hidden")
            XCTAssertTrue(result.outputText.contains("OPTIONS:"), "\(command): \(result.outputText)")
            XCTAssertFalse(result.outputText.contains("--test-"), "\(command): \(result.outputText)")
        }
        let replay = try Program.run(Interlude.binary, ["replay", "--help-hidden"], deadline: 60).outputText
        XCTAssertTrue(replay.contains("--child-result"), "hidden options are listed: \(replay)")
    }

    func testEveryHelpFitsEightyColumns() throws {
        for command in Self.commands {
            let text = try help(command)
            XCTAssertGreaterThan(text.count, 200, "\(command): help printed")
            // The usage line is the parser's own synopsis, never wrapped.
            for line in text.split(separator: "\n") where !line.hasPrefix("USAGE:") {
                XCTAssertLessThanOrEqual(line.count, 80, "interlude \(command.joined(separator: " ")): \(line)")
            }
        }
    }

    func testNoParagraphIsBrokenTwice() throws {
        for command in Self.commands {
            let lines = try help(command).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for (line, next) in zip(lines, lines.dropFirst()) {
                let indent = line.prefix { $0 == " " }.count
                let nextIndent = next.prefix { $0 == " " }.count
                // Only two lines of one flowing paragraph: same indentation, both text (not a list row).
                // Flowing text starts at the margin; indented rows are lists, examples and the parser's option column.
                guard !line.isEmpty, !next.trimmingCharacters(in: .whitespaces).isEmpty, indent == 0, nextIndent == 0,
                    !line.contains("   "), !next.contains("   "), !line.hasSuffix(":")
                else { continue }
                let word = next.split(separator: " ").first.map(String.init) ?? ""
                // The parser wraps before column 80: a line ends where the next word would have reached it.
                XCTAssertGreaterThanOrEqual(
                    line.count + 1 + word.count, 80,
                    "interlude \(command.joined(separator: " ")) --help breaks a line early:\n\(line)\n\(next)")
            }
        }
    }

    func testPlayHelpTeachesThePhone() throws {
        let text = try help(["play"])
        for phrase in ["phone bar", "Tab", "slide to unlock", "Ctrl+S", "line by line"] {
            XCTAssertTrue(text.contains(phrase), "play --help mentions \(phrase)")
        }
    }
}
