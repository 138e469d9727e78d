// ScriptParser+Expect: `expect ...`, checked after the most recent timed line.

import Lifecycle

extension ScriptSyntax {
    static let expectationNames =
        ["state", "callbacks", "work", "paused", "running"] + Counter.allCases.map(\.rawValue)
        + ["snapshot", "screen", "seenBy", "unseenBy", "game", "engine[NAME]"]
}

extension ScriptReader {
    /// `expect state S | callbacks [names] | work names | paused | running | timers N | requests N | peers N
    /// | snapshot key<op>value... | screen NAME | game key<op>value... | engine[NAME] [events]`.
    func readExpect(_ cursor: inout LineCursor) throws(ScriptError) -> Command<Action>? {
        guard lastTime != nil else {
            throw cursor.error(
                .expectBeforeTimedLine, at: cursor.keyword,
                "expect needs a timed line before it: it checks the state after the most recent 'at' line")
        }
        let names = ScriptSyntax.expectationNames
        let what = try cursor.require("what to expect (\(names.joined(separator: ", ")))", after: "expect")
        let expectation: Expectation
        switch what.text {
        case "state":
            let token = try cursor.require("a state", after: "expect state")
            expectation = .state(try Self.lookup(AppState.self, token, .unknownState, "state", in: cursor))
        case "callbacks":
            let items = try Self.listItems(cursor.rest(), of: "callback", in: cursor)
            var callbacks: [Callback] = []
            for item in items {
                callbacks.append(try Self.lookup(Callback.self, item, .unknownCallback, "callback", in: cursor))
            }
            expectation = .callbacks(callbacks)
        case "work":
            let items = try Self.listItems(cursor.rest(), of: "work", in: cursor)
            guard !items.isEmpty else {
                throw ScriptError(.missingArgument, at: cursor.endLocation, "expected work names after expect work")
            }
            var work: [Work] = []
            for item in items { work.append(try Self.lookup(Work.self, item, .unknownWork, "work", in: cursor)) }
            expectation = .work(work)
        case "paused": expectation = .paused
        case "running": expectation = .running
        case "snapshot":
            expectation = .snapshot(try readConditions(&cursor, of: "snapshot", example: "level=1 score>=10"))
        case "game": expectation = .game(try readConditions(&cursor, of: "game", example: "score>=10 lives=3"))
        case "screen": expectation = .screen(try readScreen(&cursor))
        case "engine":
            throw ScriptError(
                .missingArgument, at: cursor.location(what, offset: what.text.unicodeScalars.count),
                "expected the engine in brackets after expect engine, as in expect engine[sdl3] "
                    + "SDL_EVENT_WILL_ENTER_BACKGROUND (\(Self.engineNames))")
        case let word where word.hasPrefix("engine["):
            expectation = try Self.readEngineExpectation(what, &cursor)
        case "seenBy", "unseenBy":
            let token = try cursor.require("a peer's name", after: "expect \(what.text)")
            expectation = .seenBy(try Self.peerName(token, in: cursor), what.text == "seenBy")
        default:
            guard let counter = Counter(rawValue: what.text) else {
                throw cursor.error(
                    .unknownExpectation, at: what,
                    "unknown expectation '\(what.shown)'\(Suggestion.phrase(for: what.text, among: names)); "
                        + "expected one of \(names.joined(separator: ", "))")
            }
            let token = try cursor.require("a count", after: "expect \(counter.rawValue)")
            guard let count: Int = NumberText.unsigned(token.text) else {
                throw cursor.error(.badNumber, at: token, "bad count '\(token.shown)'; expected a whole number from 0")
            }
            expectation = .counter(counter, count)
        }
        try cursor.finish(after: "expect \(what.text)")
        return .expect(expectation)
    }

    /// The case of `Name` spelt by `token`, or an error of `kind` naming the expected values.
    static func lookup<Name: RawRepresentable & CaseIterable>(
        _: Name.Type, _ token: Token, _ kind: ScriptError.Kind, _ what: String, in cursor: LineCursor
    ) throws(ScriptError) -> Name where Name.RawValue == String {
        if let name = Name(rawValue: token.text) { return name }
        let names = Name.allCases.map(\.rawValue)
        throw cursor.error(
            kind, at: token,
            "unknown \(what) '\(token.shown)'\(Suggestion.phrase(for: token.text, among: names)); "
                + "expected one of \(ScriptSyntax.names(names))")
    }

    /// The names of a list spread over `tokens`: separated by commas, spaces or both (`a, b`, `a,b`, `a b`), each
    /// with its own column. A comma with no name before it (`,a`, `a,,b`, `,,,`) or after it (`a,`) is an error.
    static func listItems(_ tokens: [Token], of what: String, in cursor: LineCursor) throws(ScriptError) -> [Token] {
        var items: [Token] = []
        var nameSinceComma = false  // a name was read since the last comma (or the list's start)
        var openComma: Int?  // the column of a comma not yet followed by a name
        for token in tokens {
            guard token.quotedContent == nil else {
                items.append(token)
                (nameSinceComma, openComma) = (true, nil)
                continue
            }
            var column = token.column
            for (index, piece) in token.text.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
                if index > 0 {
                    guard nameSinceComma else {
                        throw ScriptError(
                            .unexpectedToken,
                            at: SourceLocation(file: cursor.file, line: cursor.line, column: column - 1),
                            "unexpected ',' with no \(what) name before it; expected names separated by commas, "
                                + "as in a, b")
                    }
                    (nameSinceComma, openComma) = (false, column - 1)
                }
                if !piece.isEmpty {
                    items.append(Token(text: String(piece), column: column, quotedContent: nil))
                    (nameSinceComma, openComma) = (true, nil)
                }
                column += piece.unicodeScalars.count + 1
            }
        }
        if let openComma {
            throw ScriptError(
                .unexpectedToken, at: SourceLocation(file: cursor.file, line: cursor.line, column: openComma),
                "unexpected ',' at the end of the \(what) list; expected another name after it")
        }
        return items
    }

    /// `key<op>value ...`, at least one; ops `>=`, `<=`, `=`, `>`, `<`; values whole numbers, maybe negative.
    /// `what`: the line's word (`snapshot`, `game`).
    private func readConditions(
        _ cursor: inout LineCursor, of what: String, example: String
    ) throws(ScriptError) -> [SnapshotCondition] {
        let tokens = cursor.rest()
        guard !tokens.isEmpty else {
            throw ScriptError(
                .missingArgument, at: cursor.endLocation, "expected conditions like \(example) after expect \(what)")
        }
        var conditions: [SnapshotCondition] = []
        for token in tokens { conditions.append(try Self.condition(token, of: what, in: cursor)) }
        return conditions
    }

    private static func condition(
        _ token: Token, of what: String, in cursor: LineCursor
    ) throws(ScriptError) -> SnapshotCondition {
        let scalars = Array(token.text.unicodeScalars)
        let example = "expected key<op>value with op one of >=, <=, =, >, <, as in score>=10"
        guard let operatorStart = scalars.firstIndex(where: { $0 == "<" || $0 == ">" || $0 == "=" }) else {
            throw cursor.error(.badCondition, at: token, "bad condition '\(token.shown)'; \(example)")
        }
        let key = String(String.UnicodeScalarView(scalars[..<operatorStart]))
        guard Identifier.isKey(key) else {
            throw cursor.error(
                .badCondition, at: token,
                "bad \(what) key '\(Quoted.text(key))'; a key starts with a letter and has letters, digits, '_' or '.'"
            )
        }
        let afterKey = String(String.UnicodeScalarView(scalars[operatorStart...]))
        // Longest match first, so `>=` is not read as `>` followed by `=1`.
        let ordered: [Comparison] = [.atLeast, .atMost, .equal, .greater, .less]
        let comparison = ordered.first { afterKey.hasPrefix($0.rawValue) }!
        let valueOffset = operatorStart + comparison.rawValue.unicodeScalars.count
        let valueText = String(String.UnicodeScalarView(scalars[valueOffset...]))
        guard let value: Int64 = NumberText.signed(valueText[...]) else {
            throw cursor.error(
                .badCondition, at: token, offset: valueOffset,
                "bad value '\(Quoted.text(valueText))' in condition '\(token.shown)'; expected a whole number, maybe negative"
            )
        }
        return SnapshotCondition(key: key, comparison: comparison, value: value)
    }

    /// `screen NAME`: a free identifier, the game's screen name (`LifecycleGame.screenName`), such as menu.
    private func readScreen(_ cursor: inout LineCursor) throws(ScriptError) -> String {
        let token = try cursor.require("a screen name (the game's, such as menu)", after: "expect screen")
        guard Identifier.isName(token.text) else {
            throw cursor.error(
                .badName, at: token,
                "bad screen name '\(token.shown)'; a name starts with a letter and has letters, digits or '_'")
        }
        return token.text
    }
}
