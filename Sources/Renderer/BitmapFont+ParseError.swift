// BitmapFont+ParseError: where and why font text could not be read, as a case tests can compare and a
// one-line message ("font line 12:9: expected a row of 8 pixels, found 9") people can act on.

extension BitmapFont {
    /// The first problem in font text: its 1-based line and column and what the parser expected there.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The 1-based line of the problem; for a missing glyph, the last line of the text.
        public let line: Int
        /// The 1-based column of the problem, counted in Unicode scalars.
        public let column: Int
        /// What was wrong.
        public let problem: Problem

        /// The kinds of problem in font text.
        public enum Problem: Hashable, Sendable {
            /// Where a glyph should start, a line that is not `char …`, a ';' comment or blank.
            case expectedHeader
            /// After `char`, neither a quoted character ('A') nor a decimal code (65).
            case expectedCharacter
            /// A character code outside 32...126.
            case codeOutOfRange(UInt32)
            /// Text after the character of a `char` line that is not a ';' comment.
            case unexpectedText
            /// A glyph row that is `found` pixels wide instead of 8.
            case wrongRowWidth(found: Int)
            /// A pixel that is neither '#' nor '.'.
            case badPixel(Character)
            /// A glyph cut short after `found` rows by a blank line, a comment, a header or the end of the text.
            case missingRows(found: Int)
            /// A second glyph for `code`; the first one's header is on `firstLine`.
            case duplicateGlyph(code: UInt32, firstLine: Int)
            /// No glyph for `code` anywhere in the text.
            case missingGlyph(code: UInt32)
        }

        /// Creates an error for `problem` at `line`:`column`.
        public init(line: Int, column: Int, problem: Problem) {
            self.line = line
            self.column = column
            self.problem = problem
        }

        /// What the parser expected at `line`:`column`, and what it found if that helps.
        public var expected: String {
            switch problem {
            case .expectedHeader: return "a `char` line, a ';' comment or a blank line"
            case .expectedCharacter: return "a quoted character like 'A' or a decimal code like 65 after `char`"
            case .codeOutOfRange(let code): return "a character code in 32...126, found \(code)"
            case .unexpectedText: return "the end of the line or a ';' comment after the character"
            case .wrongRowWidth(let found): return "a row of 8 pixels, found \(found)"
            case .badPixel(let found): return "'#' (ink) or '.' (paper), found '\(found)'"
            case .missingRows(let found): return "8 rows for the glyph, found \(found)"
            case .duplicateGlyph(let code, let firstLine):
                return "one glyph for \(Self.name(of: code)), but line \(firstLine) already has one"
            case .missingGlyph(let code): return "a glyph for \(Self.name(of: code))"
            }
        }

        /// A one-line explanation, e.g. "font line 12:9: expected a row of 8 pixels, found 9".
        public var description: String { "font line \(line):\(column): expected \(expected)" }

        /// A character code as people read it, e.g. "'A' (65)".
        private static func name(of code: UInt32) -> String {
            guard let scalar = Unicode.Scalar(code), codes.contains(code) else { return "code \(code)" }
            return "'\(Character(scalar))' (\(code))"
        }
    }
}
