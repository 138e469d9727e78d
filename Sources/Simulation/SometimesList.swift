// SometimesList: the cells a simulation must reach at least once (`interlude simulate --sometimes FILE`), in the
// spirit of Antithesis's "sometimes" assertions: a cell that no seed reached means the schedule (or a change to the
// table or the game) stopped exploring it, which a run that finds no failure would otherwise hide.
// The file is text, one cell a line, words separated by blanks, `#` to the end of the line a comment:
//
//     PROFILE STATE EVENT [FAULT]
//     ios26   background+task  suspendedByOS
//     *       active           homePressed      storage.fsync.fails
//     android34 inactive       kill             os.kill.anyInstant
//
// PROFILE is a profile's name or `*` (every profile simulated); STATE the runtime's status text (`inactive(call)`,
// `background+task`); EVENT an event or `kill`; FAULT a fault point (reached in a move where it fired), `none` (in a
// move where no point fired), or nothing (reached at all). Owns: SometimesList, SometimesError.

import Faults
import Lifecycle
import Replay

/// A parsed `--sometimes` file.
public struct SometimesList: Sendable {
    /// One line: a cell that must be reached on a profile (or on every profile simulated).
    public struct Entry: Hashable, Sendable, CustomStringConvertible {
        /// Which moves of the cell count.
        public enum Fault: Hashable, Sendable {
            /// Every move of the cell, whatever fired in it.
            case any
            /// Only moves in which no fault point fired.
            case none
            /// Only moves in which this point (by name) fired.
            case point(String)
        }

        /// A profile's name; nil for `*`.
        public let profile: String?
        public let state: String
        public let event: String
        public let fault: Fault
        /// Its line in the file, from 1.
        public let line: Int

        public var description: String { text(profile: profile ?? "*") }

        /// The line as written, with `profile` in place of its PROFILE: `ios26 background+task suspendedByOS`.
        public func text(profile: String) -> String {
            var words = [profile, state, event]
            switch fault {
            case .any: break
            case .none: words.append("none")
            case .point(let name): words.append(name)
            }
            return words.joined(separator: " ")
        }

        /// True when `coverage` (its profile's) holds a move of this cell.
        public func isReached(in coverage: SimulationCoverage) -> Bool {
            coverage.breakdown(state, event).contains { reached in
                switch fault {
                case .any: return reached.count > 0
                case .none: return reached.fault == nil && reached.count > 0
                case .point(let name): return reached.fault == name && reached.count > 0
                }
            }
        }
    }

    /// The entries, in the file's order.
    public let entries: [Entry]

    /// The list in `text`, read from `file` (the name errors give). Throws the first bad line's error.
    public init(parsing text: String, file: String) throws {
        var entries: [Entry] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let entry = try Self.entry(Substring(line), number: index + 1, file: file) { entries.append(entry) }
        }
        self.entries = entries
    }

    /// Every (profile, entry) of the list that `coverage` (by profile name, the profiles simulated) did not reach,
    /// in the file's order, `*` expanded in `Profile.all`'s order. An entry naming a profile not simulated is not
    /// checked (see `unchecked`).
    public func unreached(_ coverage: [String: SimulationCoverage]) -> [(profile: String, entry: Entry)] {
        entries.flatMap { entry -> [(profile: String, entry: Entry)] in
            let names = entry.profile.map { [$0] } ?? Profile.all.map(\.name)
            return names.compactMap { name in
                guard let profileCoverage = coverage[name], !entry.isReached(in: profileCoverage) else { return nil }
                return (name, entry)
            }
        }
    }

    /// The entries naming a profile that `coverage` does not hold (it was not simulated).
    public func unchecked(_ coverage: [String: SimulationCoverage]) -> [Entry] {
        entries.filter { entry in entry.profile.map { coverage[$0] == nil } ?? coverage.isEmpty }
    }

    /// The words of one line with their columns (from 1, in characters), the comment left out.
    private static func words(_ line: Substring) -> [(text: String, column: Int)] {
        var words: [(text: String, column: Int)] = []
        var column = 0
        var current: (text: String, column: Int)?
        for character in line {
            column += 1
            if current == nil, character == "#" { break }
            if character == " " || character == "\t" || character == "\r" {
                if let word = current { words.append(word) }
                current = nil
            } else if current == nil {
                current = (String(character), column)
            } else {
                current!.text.append(character)
            }
        }
        if let current { words.append(current) }
        return words
    }

    private static func entry(_ line: Substring, number: Int, file: String) throws -> Entry? {
        let words = words(line)
        guard !words.isEmpty else { return nil }
        func fail(_ column: Int, _ message: String) -> SometimesError {
            SometimesError(file: file, line: number, column: column, message: message)
        }
        guard words.count >= 3 else {
            throw fail(line.count + 1, "expected PROFILE STATE EVENT [FAULT]; this line has \(words.count) words")
        }
        guard words.count <= 4 else {
            throw fail(words[4].column, "expected PROFILE STATE EVENT [FAULT]; '\(words[4].text)' is one word too many")
        }
        let (profile, state, event) = (words[0], words[1], words[2])
        let profileNames = Profile.all.map(\.name)
        guard profile.text == "*" || profileNames.contains(profile.text) else {
            throw fail(
                profile.column,
                "unknown profile '\(profile.text)'" + hint(profile.text, profileNames + ["*"], or: "a profile or *"))
        }
        if let problem = stateProblem(state.text) { throw fail(state.column, problem) }
        let eventNames = Event.allCases.map(\.rawValue) + [SimulationCell.kill]
        guard eventNames.contains(event.text) else {
            throw fail(
                event.column, "unknown event '\(event.text)'" + hint(event.text, eventNames, or: "an event or kill"))
        }
        var fault = Entry.Fault.any
        if words.count == 4 {
            let name = words[3].text
            let pointNames = FaultPoint.all.map(\.name)
            if name == "none" {
                fault = .none
            } else if pointNames.contains(name) {
                fault = .point(name)
            } else {
                throw fail(
                    words[3].column,
                    "unknown fault point '\(name)'"
                        + hint(name, pointNames + ["none"], or: "a fault point (interlude simulate --list) or none"))
            }
        }
        return Entry(
            profile: profile.text == "*" ? nil : profile.text, state: state.text, event: event.text, fault: fault,
            line: number)
    }

    /// Why `text` is not a status text, or nil when it is one.
    private static func stateProblem(_ text: String) -> String? {
        guard SimulationCell.status(text) == nil else { return nil }
        let name = String(text.prefix { $0 != "(" && $0 != "+" })
        let stateNames = AppState.allCases.map(\.rawValue)
        guard stateNames.contains(name) else {
            return "unknown state '\(name)'" + hint(name, stateNames, or: "a state")
        }
        if let open = text.firstIndex(of: "("), let close = text.firstIndex(of: ")"), open < close {
            let reason = String(text[text.index(after: open)..<close])
            let reasonNames = Reason.allCases.map(\.rawValue)
            if !reasonNames.contains(reason) {
                return "unknown reason '\(reason)' in '\(text)'" + hint(reason, reasonNames, or: "a reason")
            }
        }
        if text.hasSuffix("+task"), name != AppState.background.rawValue {
            return "'\(text)': only background has an open background task (+task)"
        }
        return "'\(text)' is not a state: write STATE, STATE(REASON), background+task or background(REASON)+task"
    }

    /// `; did you mean X?` for the candidate nearest to `word`, else `; expected WHAT`.
    private static func hint(_ word: String, _ candidates: [String], or what: String) -> String {
        Suggestion.closest(to: word, among: candidates).map { "; did you mean \($0)?" } ?? "; expected \(what)"
    }
}

/// A bad line of a `--sometimes` file: where, and what is wrong.
public struct SometimesError: Error, Equatable, Sendable, CustomStringConvertible {
    public let file: String
    /// From 1.
    public let line: Int
    /// From 1, in characters.
    public let column: Int
    public let message: String

    public var description: String { "\(file):\(line):\(column): \(message)" }
}
