// ScriptParser+Engines: `engines NAME...` (the engines whose views a replay writes) and `expect engine[NAME] ...`
// (CONTRACT §7; the views: Docs/Engines.md).

import EngineViews

extension ScriptReader {
    /// `engines NAME[, NAME...]`: at most once, before the first timed line; each name once.
    mutating func readEngines(_ cursor: inout LineCursor) throws(ScriptError) -> Command<Action>? {
        try checkHeader(cursor, seen: hasEngines)
        hasEngines = true
        let items = try Self.listItems(cursor.rest(), of: "engine", in: cursor)
        guard !items.isEmpty else {
            throw ScriptError(
                .missingArgument, at: cursor.endLocation,
                "expected engines after engines, as in engines sdl3, godot4 (\(Self.engineNames))")
        }
        var engines: [Engine] = []
        for item in items {
            let engine = try Self.engine(item.text, at: item, offset: 0, in: cursor)
            guard !engines.contains(engine) else {
                throw cursor.error(
                    .unexpectedToken, at: item, "engine '\(item.shown)' is listed twice; expected each engine once")
            }
            engines.append(engine)
        }
        script.engines = engines
        return nil
    }

    /// `expect engine[NAME] [EVENT, ...]`, the word `what` being `engine[NAME]`: the engine from inside the
    /// brackets (no spaces), then its events in its own words.
    static func readEngineExpectation(
        _ what: Token, _ cursor: inout LineCursor
    ) throws(ScriptError) -> Expectation {
        let scalars = Array(what.text.unicodeScalars)
        let open = "engine[".unicodeScalars.count
        let example = "as in expect engine[sdl3] SDL_EVENT_WILL_ENTER_BACKGROUND"
        guard scalars.last == "]", scalars.count > open else {
            throw cursor.error(
                .unexpectedToken, at: what, offset: scalars.count,
                "expected ']' closing the engine of '\(what.shown)', \(example)")
        }
        let name = String(String.UnicodeScalarView(scalars[open..<(scalars.count - 1)]))
        guard !name.isEmpty else {
            throw cursor.error(
                .missingArgument, at: what, offset: open, "expected an engine inside 'engine[]', \(example)")
        }
        let engine = try Self.engine(name, at: what, offset: open, in: cursor)
        var events: [String] = []
        for item in try listItems(cursor.rest(), of: "\(engine.rawValue) event", in: cursor) {
            guard engine.events.contains(item.text) else {
                throw cursor.error(
                    .unknownEngineEvent, at: item,
                    "unknown \(engine.rawValue) event '\(item.shown)'"
                        + "\(Suggestion.phrase(for: item.text, among: engine.events)); expected one of "
                        + ScriptSyntax.names(engine.events))
            }
            events.append(item.text)
        }
        return .engine(engine, events)
    }

    /// The engine spelt `name` (at `token` plus `offset`), or `unknownEngine` with the nearest name.
    private static func engine(
        _ name: String, at token: Token, offset: Int, in cursor: LineCursor
    ) throws(ScriptError) -> Engine {
        if let engine = Engine(rawValue: name) { return engine }
        let names = Engine.allCases.map(\.rawValue)
        throw cursor.error(
            .unknownEngine, at: token, offset: offset,
            "unknown engine '\(Quoted.text(name))'\(Suggestion.phrase(for: name, among: names)); "
                + "expected one of \(engineNames)")
    }

    static var engineNames: String { Engine.allCases.map(\.rawValue).joined(separator: ", ") }
}
