// BreakoutAction: what breakout's player does, in breakout's own words (its `LifecycleGame.Action`), and how a
// script spells it (its `ScriptAction` grammar):
//   start [level=N]                  a session on level N (1 by default), from the main menu
//   serve                            launch the ball from the paddle
//   paddle left|right <duration>     hold the paddle's move for a while (more than 0, at most 1 h)
//   menu | resume | openLeaderboard | closeLeaderboard     the app shell's actions (Runtime's `ShellAction`)

import Lifecycle
import Replay
import Runtime

/// Which way the paddle moves: the control a window's keys hold.
public enum Paddle: String, Hashable, Sendable, CaseIterable {
    case left, right
}

/// What breakout's player does.
public enum BreakoutAction: Hashable, Sendable {
    /// `start [level=N]`.
    case start(level: Int)
    /// `serve`.
    case serve
    /// `paddle left|right <duration>`: hold the paddle's move for `duration` nanoseconds.
    case paddle(Paddle, duration: Nanoseconds)
    /// The app shell's own: the menu, resume, the leaderboard screen.
    case app(ShellAction)

    public static let menu = BreakoutAction.app(.menu)
    public static let resume = BreakoutAction.app(.resume)
    public static let openLeaderboard = BreakoutAction.app(.openLeaderboard)
    public static let closeLeaderboard = BreakoutAction.app(.closeLeaderboard)
}

extension BreakoutAction: PlayerAction {
    public var transcriptName: String {
        switch self {
        case .start: return "start"
        case .serve: return "serve"
        case .paddle: return "paddle"
        case .app(let action): return action.rawValue
        }
    }

    public var transcriptArgs: String? {
        switch self {
        case .start(let level): return "level=\(level)"
        case .paddle(let side, let duration): return "\(side.rawValue) \(TimeText.format(duration))"
        case .serve, .app: return nil
        }
    }

    public static func shell(_ action: ShellAction) -> BreakoutAction? { .app(action) }
}

extension BreakoutAction: ScriptAction {
    public static let scriptNames = ["start", "serve", "paddle"] + ShellAction.allCases.map(\.rawValue)

    public static func read(_ words: inout ActionWords) throws(ScriptError) -> BreakoutAction {
        switch words.name.text {
        case "start":
            guard let option = words.next() else { return .start(level: 1) }
            let prefix = "level="
            guard option.text.hasPrefix(prefix),
                let level: Int = ActionWords.unsigned(option.text.dropFirst(prefix.count)),
                level >= 1
            else {
                throw words.error(
                    .badNumber, at: option, "bad '\(option.shown)' after start; expected level=N (N from 1)")
            }
            return .start(level: level)
        case "serve":
            return .serve
        case "paddle":
            let sides = Paddle.allCases.map(\.rawValue)
            let sideWord = try words.require("left or right", after: "paddle")
            guard let side = Paddle(rawValue: sideWord.text) else {
                throw words.error(
                    .unknownKey, at: sideWord,
                    "unknown side '\(sideWord.shown)'\(ActionWords.suggestion(for: sideWord.text, among: sides)); "
                        + "expected left or right")
            }
            let durationWord = try words.require("a duration like 300ms", after: "paddle \(side.rawValue)")
            let duration = try words.duration(
                durationWord, atMost: ScriptParser.longestDuration, else: "a paddle move lasts 1 h at most")
            guard duration > 0 else {
                throw words.error(.badTime, at: durationWord, "a paddle move lasts longer than 0ms")
            }
            return .paddle(side, duration: duration)
        default:
            return .app(ShellAction(rawValue: words.name.text)!)
        }
    }

    public var scriptText: String {
        switch self {
        case .start(let level): return level == 1 ? "start" : "start level=\(level)"
        case .paddle(let side, let duration): return "paddle \(side.rawValue) \(TimeText.format(duration))"
        case .serve, .app: return transcriptName
        }
    }
}

extension ScriptParser {
    /// Breakout's script in `text` (its action lines in `BreakoutAction`), or the first error in it.
    public static func parse(_ text: String, file: String) throws(ScriptError) -> Script<BreakoutAction> {
        try parse(text, file: file, as: BreakoutAction.self)
    }
}
