// ScriptWriter: a `Script` as canonical `.script` text, the inverse of ScriptParser (`interlude play --record`).
//
// Canonical form: the version line, `profile` (with `smsStyle=`, `callStyle=` and `targetSdk=` when set) or a matrix script's
// `profiles` (the names, comma-separated), `seed`, `engines` when the script names any, a blank line, then one line
// per command. Times are absolute and spelt exactly: whole seconds as `2s`, anything else in milliseconds
// (`1500ms`, `0.25ms`); an action as its game writes it (`ScriptAction.scriptText`). For every valid script, parsing the text gives back the
// same header and commands (locations aside).

import EngineViews
import Lifecycle
import Runtime

/// Writes `.script` text.
public enum ScriptWriter {
    /// `script` as canonical text, ending with a newline.
    public static func render<Action>(_ script: Script<Action>) -> String {
        var text = "\(ScriptSyntax.versionKeyword) \(ScriptSyntax.version)\n"
        if script.isMatrix {
            text += "profiles " + script.profileNames.joined(separator: ", ")
        } else {
            text += "profile \(script.profileName)"
            if let style = script.smsStyle { text += " smsStyle=\(style.rawValue)" }
            if let style = script.callStyle { text += " callStyle=\(style.rawValue)" }
            if let level = script.targetSdk { text += " targetSdk=\(level)" }
        }
        text += "\nseed \(script.seed)\n"
        if !script.engines.isEmpty {
            text += "engines " + script.engines.map(\.rawValue).joined(separator: ", ") + "\n"
        }
        text += "\n"
        for line in script.lines { text += render(line) + "\n" }
        return text
    }

    /// One line, its scope included (`expect[android*] ...`), without a newline.
    public static func render<Action>(_ line: ScriptLine<Action>) -> String {
        let text = render(line.command)
        guard let scope = line.scope, case .expect = line.command else { return text }
        return "expect[\(scope)]" + text.dropFirst("expect".count)
    }

    /// One command as one line, without a newline.
    public static func render<Action>(_ command: Command<Action>) -> String {
        switch command {
        case .event(let time, let event): return timed(time, event.rawValue)
        case .action(let time, let action): return timed(time, action.scriptText)
        case .fault(let time, let point, let skip):
            return timed(time, "fault \(point.name)" + (skip > 0 ? " skip=\(skip)" : ""))
        case .wait(let time): return timed(time, ScriptSyntax.waitKeyword)
        case .expect(let expectation): return "expect " + render(expectation)
        case .capture(let name): return "capture \"\(name)\""
        case .leaderboard(.delay(let delay)): return "leaderboard delay=\(TimeText.format(delay))"
        case .leaderboard(.down): return "leaderboard down"
        case .leaderboard(.up): return "leaderboard up"
        case .leaderboard(.pending(let points)): return "leaderboard pending=\(points)"
        case .match(.peerJoin(let name)): return "peer join \(name)"
        case .match(.peerLeave(let name)): return "peer leave \(name)"
        case .match(.peerSends(let name, let word)): return "peer \(word) \(name)"
        case .match(.down): return "match down"
        case .match(.up): return "match up"
        }
    }

    /// `at 1500ms   rest`: the time padded so that short times line up.
    private static func timed(_ time: Nanoseconds, _ rest: String) -> String {
        let spelt = TimeText.format(time)
        return "at " + spelt + String(repeating: " ", count: max(1, 10 - spelt.count)) + rest
    }

    static func render(_ expectation: Expectation) -> String {
        switch expectation {
        case .state(let state): return "state \(state.rawValue)"
        case .callbacks(let callbacks):
            return callbacks.isEmpty ? "callbacks" : "callbacks " + callbacks.map(\.rawValue).joined(separator: ", ")
        case .work(let work): return "work " + work.map(\.rawValue).joined(separator: ", ")
        case .paused: return "paused"
        case .running: return "running"
        case .counter(let counter, let count): return "\(counter.rawValue) \(count)"
        case .snapshot(let conditions):
            let spelt = conditions.map { "\($0.key)\($0.comparison.rawValue)\($0.value)" }
            return (["snapshot"] + spelt).joined(separator: " ")
        case .screen(let name): return "screen \(name)"
        case .seenBy(let name, let seen): return (seen ? "seenBy " : "unseenBy ") + name
        case .game(let conditions):
            let spelt = conditions.map { "\($0.key)\($0.comparison.rawValue)\($0.value)" }
            return (["game"] + spelt).joined(separator: " ")
        case .engine(let engine, let events):
            return "engine[\(engine.rawValue)]" + (events.isEmpty ? "" : " " + events.joined(separator: ", "))
        }
    }
}
