// PlayerAction: what the runtime needs of a game's own action type (Docs/Contract.md §7 game actions). Each game
// declares its actions (`LifecycleGame.Action`), as each feature declares its `Action` in TCA; the runtime hands
// them to the game without reading them, names them in the transcript as the game says, and knows only the app
// shell's few actions every game may share (`ShellAction`: the menu, the player's resume, the leaderboard screen).

/// A game's action type: the player's moves in the game's own words.
public protocol PlayerAction: Hashable, Sendable, CustomStringConvertible {
    /// The transcript's name of the action (its `event` line's `name`), e.g. `resume`.
    var transcriptName: String { get }
    /// The transcript's arguments of the action (its `event` line's `args`), nil for none.
    var transcriptArgs: String? { get }
    /// The game's action for an app-shell action, nil when the game has none: the explorer resumes a paused session
    /// with `shell(.resume)` after an interruption, and tries every shell action the game has.
    static func shell(_ action: ShellAction) -> Self?
}

extension PlayerAction {
    public var transcriptArgs: String? { nil }
    public static func shell(_ action: ShellAction) -> Self? { nil }
    /// The action as a report names it: its transcript name and arguments.
    public var description: String { transcriptArgs.map { "\(transcriptName) \($0)" } ?? transcriptName }
}

/// The app shell's actions: what a game with a main menu, sessions that pause and a leaderboard screen shares with
/// every other (optional: a game without a shell maps none of them, `PlayerAction.shell`).
public enum ShellAction: String, Hashable, Sendable, CaseIterable {
    /// The leaderboard screen, from the main menu (its top list is fetched: `GameReport.leaderboardOpened`).
    case openLeaderboard
    /// Back to the main menu from the leaderboard screen.
    case closeLeaderboard
    /// Leave the session (its score submitted, `GameReport.sessionEnded`) or a game over for the main menu.
    case menu
    /// The player's resume of a paused session: a session never resumes by itself.
    case resume
}

/// The screens of the app shell, as a game shows them.
public enum ShellScreen: Hashable, Sendable {
    case menu, leaderboard
    /// A session, or what follows its end (a game over), until the menu.
    case play
}

/// A game that adopts the app shell: it says which shell screen it shows and does the few changes the shell's
/// actions make; `performShell` checks the action against the screen and reports what the runtime must act on.
public protocol AppShell {
    /// The shell screen shown now.
    var shellScreen: ShellScreen { get }
    /// The screen's name as `expect screen` and failure messages read it.
    var screenName: String { get }
    /// A session is being played (not a menu); `isPaused`: it is paused.
    var isInSession: Bool { get }
    var isPaused: Bool { get }
    /// The score to submit when the player leaves the session for the menu, nil for none.
    var sessionScore: (level: Int, run: Int64, points: Int64)? { get }
    /// Shows the main menu (a session left ends there).
    mutating func showMenu()
    /// Shows the leaderboard screen.
    mutating func showLeaderboard()
    /// Resumes the paused session.
    mutating func resumeSession()
}

extension AppShell {
    /// Does the shell's `action` if the screen allows it; returns why not, or nil with the reports it makes
    /// appended to `reports` (the leaderboard's fetch, the session's score and end).
    public mutating func performShell(_ action: ShellAction, reports: inout [GameReport]) -> String? {
        switch action {
        case .openLeaderboard:
            guard shellScreen == .menu else {
                return "openLeaderboard needs the main menu; the screen is \(screenName)"
            }
            showLeaderboard()
            reports.append(.leaderboardOpened)
        case .closeLeaderboard:
            guard shellScreen == .leaderboard else { return "closeLeaderboard needs the leaderboard screen" }
            showMenu()
        case .menu:
            guard shellScreen != .menu else { return "already on the main menu" }
            if isInSession {
                if let score = sessionScore {
                    reports.append(.score(level: score.level, run: score.run, points: score.points))
                }
                reports.append(.sessionEnded)
            }
            showMenu()
        case .resume:
            guard isInSession, isPaused else { return "resume needs a paused game" }
            resumeSession()
        }
        return nil
    }
}

/// Actions that are words (a `String` enum): the transcript names each by its raw value, and a case named as an app
/// shell action (`resume`, `menu`, ...) is that action.
extension PlayerAction where Self: RawRepresentable, RawValue == String {
    public var transcriptName: String { rawValue }
    public static func shell(_ action: ShellAction) -> Self? { Self(rawValue: action.rawValue) }
}
