// LineCursor: reads the words of one script line in order and makes errors that point at them.

/// The words of one line, consumed from the left.
struct LineCursor {
    let file: String
    let line: Int  // 1-based
    let tokens: [Token]  // never empty
    private(set) var index = 1  // the first word, the keyword, is read on creation

    init(file: String, line: Int, tokens: [Token]) {
        self.file = file
        self.line = line
        self.tokens = tokens
    }

    /// The first word of the line.
    var keyword: Token { tokens[0] }

    /// The next word, consumed, or nil at the end of the line.
    mutating func next() -> Token? {
        guard index < tokens.count else { return nil }
        index += 1
        return tokens[index - 1]
    }

    /// The next word, consumed; at the end of the line, a `missingArgument` error saying `expected`.
    mutating func require(_ expected: String, after context: String) throws(ScriptError) -> Token {
        guard let token = next() else {
            throw ScriptError(.missingArgument, at: endLocation, "expected \(expected) after \(context)")
        }
        return token
    }

    /// Every word not read yet, consumed.
    mutating func rest() -> [Token] {
        defer { index = tokens.count }
        return Array(tokens[index...])
    }

    /// Throws `unexpectedToken` at the first word not read yet, if any.
    func finish(after context: String) throws(ScriptError) {
        guard index < tokens.count else { return }
        let extra = tokens[index]
        throw ScriptError(
            .unexpectedToken, at: location(extra),
            "unexpected '\(extra.shown)' after \(context); expected the end of the line")
    }

    /// Where `token` starts, plus `offset` scalars.
    func location(_ token: Token, offset: Int = 0) -> SourceLocation {
        SourceLocation(file: file, line: line, column: token.column + offset)
    }

    /// Just past the last word read: where a missing word would go.
    var endLocation: SourceLocation {
        SourceLocation(file: file, line: line, column: tokens[index - 1].endColumn)
    }

    /// An error of `kind` pointing at `token` (plus `offset` scalars).
    func error(_ kind: ScriptError.Kind, at token: Token, offset: Int = 0, _ message: String) -> ScriptError {
        ScriptError(kind, at: location(token, offset: offset), message)
    }
}
