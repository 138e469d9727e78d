// ConformanceFixture+Parsing: reads a fixture's directives (Docs/Conformance.md, "Format"). Every mistake is a
// FixtureError that names the file's line; a script error keeps the script parser's `file:line:column` (CONTRACT §7).

import Foundation
import GameCore
import Lifecycle
import Replay

extension ConformanceFixture {
    /// The first words that make a comment line a directive. A comment starting with another word is free text.
    static let directiveWords: Set<String> = [
        "suite", "scenario", "source", "activity", "clear-log", "expect-cts", "expect-process", "expect-trace",
        "differs",
    ]

    /// Parses the fixture `text`, named `file` in messages.
    static func parse(_ text: String, file: String) throws(FixtureError) -> ConformanceFixture {
        let script: Script
        do {
            script = try ScriptParser.parse(text, file: file)
        } catch {
            throw FixtureError(file: file, line: error.location.line, message: "not a script: \(error.message)")
        }
        var reader = DirectiveReader(file: file, profiles: script.isMatrix ? script.profileNames : [script.profileName])
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            try reader.read(String(line), at: index + 1)
        }
        return try reader.fixture(path: file, script: script, lastLine: lines.count)
    }
}

/// Reads directives line by line and checks the whole at the end.
private struct DirectiveReader {
    let file: String
    let profiles: [String]
    var suite: (ConformanceSuite, line: Int)?
    var scenario: String?
    var activity: TestActivity?
    var sources: [FixtureSource] = []
    var clears: [Int] = []
    var checks: [FixtureCheck] = []
    var previousWasCheck = false  // a `differs` line must follow its `expect-` line (or another `differs`)

    init(file: String, profiles: [String]) {
        self.file = file
        self.profiles = profiles
    }

    func error(_ line: Int, _ message: String) -> FixtureError {
        FixtureError(file: file, line: line, message: message)
    }

    mutating func read(_ raw: String, at line: Int) throws(FixtureError) {
        let trimmed = raw.drop { $0 == " " || $0 == "\t" }
        guard !trimmed.isEmpty else { return }
        guard trimmed.first == "#" else {
            previousWasCheck = false
            return
        }
        let body = trimmed.dropFirst().drop { $0 == " " || $0 == "\t" }
        let word = String(body.prefix { $0 != " " && $0 != "\t" && $0 != "[" && $0 != ":" })
        guard Self.isDirective(word) else { return }
        guard ConformanceFixture.directiveWords.contains(word) else {
            let known = ConformanceFixture.directiveWords.sorted().joined(separator: ", ")
            throw error(line, "unknown directive '\(word)'; expected one of \(known)")
        }
        var rest = body.dropFirst(word.count)
        let scope = try readScope(&rest, line: line)
        let isDifference = word == "differs"
        defer { previousWasCheck = word.hasPrefix("expect-") || isDifference }
        switch word {
        case "suite", "scenario", "source", "activity":
            guard rest.first == ":" else { throw error(line, "'\(word)' needs a colon: '# \(word): ...'") }
            let value = rest.dropFirst().trimmingCharacters(in: .whitespaces)
            guard !value.isEmpty else { throw error(line, "'\(word):' needs a value") }
            try header(word, value, scope: scope, line: line)
        case "clear-log":
            guard scope == nil, rest.allSatisfy({ $0 == " " || $0 == "\t" }) else {
                throw error(line, "'clear-log' takes nothing after it")
            }
            clears.append(line)
        case "differs":
            guard previousWasCheck, !checks.isEmpty else {
                throw error(line, "'differs' must follow the 'expect-' line it answers")
            }
            try difference(String(rest), scope: scope ?? checks[checks.count - 1].profiles, line: line)
        default:
            try check(word, String(rest), scope: scope ?? profiles, line: line)
        }
    }

    /// True for a word that is a directive or looks like a misspelt one.
    static func isDirective(_ word: String) -> Bool {
        ConformanceFixture.directiveWords.contains(word) || word.hasPrefix("expect-") || word.hasPrefix("differ")
            || word.hasPrefix("clear-")
    }

    /// `[PATTERN,...]` right after the word, as the profiles it matches among the fixture's; nil when absent.
    func readScope(_ rest: inout Substring, line: Int) throws(FixtureError) -> [String]? {
        guard rest.first == "[" else { return nil }
        guard let close = rest.firstIndex(of: "]") else { throw error(line, "a scope '[' needs its ']'") }
        let patterns = rest[rest.index(after: rest.startIndex)..<close].split(
            separator: ",", omittingEmptySubsequences: false)
        rest = rest[rest.index(after: close)...]
        var matched: Set<String> = []
        for pattern in patterns.map(String.init) {
            let hits = profiles.filter { ProfileScope.pattern(pattern, matches: $0) }
            guard !hits.isEmpty else {
                throw error(
                    line,
                    "scope '\(pattern)' matches none of the fixture's profiles (\(profiles.joined(separator: ", ")))")
            }
            matched.formUnion(hits)
        }
        return profiles.filter { matched.contains($0) }
    }

    mutating func header(_ word: String, _ value: String, scope: [String]?, line: Int) throws(FixtureError) {
        if word != "source", scope != nil { throw error(line, "'\(word)' takes no scope") }
        switch word {
        case "suite":
            guard suite == nil else { throw error(line, "a second 'suite:' (the first is line \(suite!.line))") }
            guard let named = ConformanceSuite(rawValue: value) else {
                throw error(line, "unknown suite '\(value)'; expected cts, process or trace")
            }
            suite = (named, line)
        case "scenario":
            guard scenario == nil else { throw error(line, "a second 'scenario:'") }
            scenario = value
        case "activity":
            guard activity == nil else { throw error(line, "a second 'activity:'") }
            guard let kind = TestActivity(rawValue: value) else {
                throw error(line, "unknown activity '\(value)'; expected plain or tracking")
            }
            activity = kind
        default:
            guard let suite else { throw error(line, "'source:' before 'suite:'") }
            let profiles = scope ?? profiles
            sources.append(
                suite.0 == .trace
                    ? try page(value, profiles: profiles, line: line)
                    : try source(value, profiles: profiles, line: line))
        }
    }

    /// `OWNER/REPO@COMMIT PATH TEST`: a full commit, so that a reviewer reads the same text.
    func source(_ value: String, profiles: [String], line: Int) throws(FixtureError) -> FixtureSource {
        let words = value.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let usage = "expected 'source: OWNER/REPO@COMMIT PATH TEST'"
        guard words.count == 3 else { throw error(line, "\(usage), found \(words.count) words") }
        let at = words[0].split(separator: "@", omittingEmptySubsequences: false)
        guard at.count == 2, at[0].split(separator: "/").count == 2 else {
            throw error(line, "\(usage); '\(words[0])' is not OWNER/REPO@COMMIT")
        }
        let commit = String(at[1])
        guard commit.count == 40, commit.allSatisfy(\.isHexDigit) else {
            throw error(line, "the commit '\(commit)' is not 40 hex digits")
        }
        return FixtureSource(
            line: line, profiles: profiles,
            citation: .test(repository: String(at[0]), commit: commit, path: words[1], test: words[2]))
    }

    /// `URL WHAT`: a recorded trace's page (https) and what on it, with the OS version the trace names.
    func page(_ value: String, profiles: [String], line: Int) throws(FixtureError) -> FixtureSource {
        let url = String(value.prefix { $0 != " " && $0 != "\t" })
        let what = value.dropFirst(url.count).trimmingCharacters(in: .whitespaces)
        guard url.hasPrefix("https://"), url.count > "https://".count else {
            throw error(line, "expected 'source: URL WHAT' (an https address); '\(url)' is not one")
        }
        guard !what.isEmpty else {
            throw error(line, "'source: \(url)' needs what on the page (the trace, the OS version)")
        }
        return FixtureSource(line: line, profiles: profiles, citation: .page(url: url, what: what))
    }

    /// `expect-SUITE[SCOPE] KIND LIST [| LIST...]`.
    mutating func check(_ word: String, _ rest: String, scope: [String], line: Int) throws(FixtureError) {
        let named = String(word.dropFirst("expect-".count))
        guard let suite else { throw error(line, "'\(word)' before 'suite:'") }
        guard named == suite.0.rawValue else {
            throw error(
                line, "'\(word)' in a fixture of suite \(suite.0.rawValue); expected expect-\(suite.0.rawValue)")
        }
        let text = rest.trimmingCharacters(in: .whitespaces)
        let kindWord = String(text.prefix { $0 != " " })
        guard let assertion = Assertion(rawValue: kindWord) else {
            throw error(line, "unknown assertion '\(kindWord)'; expected exact, one-of or order")
        }
        let alternatives = text.dropFirst(kindWord.count).split(separator: "|", omittingEmptySubsequences: false)
        var lists: [[String]] = []
        for alternative in alternatives {
            lists.append(try names(String(alternative), allowed: suite.0.names, line: line))
        }
        if assertion != .oneOf, lists.count != 1 { throw error(line, "'|' separates the lists of one-of only") }
        if assertion == .oneOf, lists.count < 2 { throw error(line, "one-of needs two lists or more, split by '|'") }
        if assertion == .order, lists[0].isEmpty { throw error(line, "order needs at least one name") }
        checks.append(FixtureCheck(line: line, profiles: scope, assertion: assertion, lists: lists))
    }

    /// `differs[SCOPE] LIST: REASON`: LIST is Interlude's projected log (`none` when empty).
    mutating func difference(_ rest: String, scope: [String], line: Int) throws(FixtureError) {
        guard let colon = rest.firstIndex(of: ":") else {
            throw error(line, "expected 'differs[PROFILES] WHAT INTERLUDE GIVES: WHY'")
        }
        let reason = rest[rest.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        guard !reason.isEmpty else { throw error(line, "'differs' needs a reason after the colon") }
        guard let suite else { throw error(line, "'differs' before 'suite:'") }
        let found = try names(String(rest[..<colon]), allowed: suite.0.comparedNames, line: line)
        var check = checks.removeLast()
        for profile in scope {
            guard check.profiles.contains(profile) else {
                throw error(line, "'differs' for \(profile), which its expect line (\(check.line)) does not check")
            }
            if let other = check.difference(under: profile) {
                throw error(line, "a second 'differs' for \(profile) (the first is line \(other.line))")
            }
        }
        check.differences.append(FixtureDifference(line: line, profiles: scope, found: found, reason: reason))
        checks.append(check)
    }

    /// A list of names split by commas (`none` for the empty list), each one of `allowed`.
    func names(_ text: String, allowed: Set<String>, line: Int) throws(FixtureError) -> [String] {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed == "none" { return [] }
        guard !trimmed.isEmpty else { throw error(line, "an empty list; write 'none' for no callback") }
        return try trimmed.split(separator: ",", omittingEmptySubsequences: false).map { (item) throws(FixtureError) in
            let name = item.trimmingCharacters(in: .whitespaces)
            guard allowed.contains(name) else {
                throw error(line, "unknown name '\(name)'; expected one of \(allowed.sorted().joined(separator: ", "))")
            }
            return name
        }
    }

    /// The fixture, once every line is read: each profile has a source and a check; the headers are there.
    func fixture(path: String, script: Script, lastLine: Int) throws(FixtureError) -> ConformanceFixture {
        guard let suite else { throw error(1, "no 'suite:' line") }
        guard let scenario else { throw error(1, "no 'scenario:' line") }
        if suite.0 == .cts, activity == nil { throw error(1, "no 'activity:' line (plain or tracking)") }
        for profile in profiles {
            guard suite.0.applies(to: profile) else {
                let whose = suite.0 == .trace ? "iOS's" : "Android's"
                throw error(1, "profile \(profile): the \(suite.0.rawValue) suite is \(whose)")
            }
            guard sources.contains(where: { $0.profiles.contains(profile) }) else {
                throw error(1, "no 'source:' line for profile \(profile)")
            }
            guard checks.contains(where: { $0.profiles.contains(profile) }) else {
                throw error(lastLine, "no 'expect-\(suite.0.rawValue)' line checks profile \(profile)")
            }
        }
        if activity == .plain {
            for check in checks
            where check.lists.joined().contains(where: { ConformanceSuite.topPosition.contains($0) }) {
                throw error(check.line, "a plain activity logs no top position; use 'activity: tracking'")
            }
        }
        return ConformanceFixture(
            path: path, script: script, suite: suite.0, scenario: scenario, activity: activity, sources: sources,
            clears: clears, checks: checks)
    }
}
