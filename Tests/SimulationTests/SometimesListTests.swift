// SometimesListTests: the `--sometimes` file: its lines parse (comments, blank lines, `*`, an optional fault or
// `none`); each bad line is an error at its file:line:column with the nearest name suggested; and a list checked
// against a coverage names exactly the cells no seed reached, on the profiles simulated.

import Lifecycle
import Simulation
import Testing

@Suite("the --sometimes list")
struct SometimesListTests {
    static let text = """
        # cells CI must reach
        ios26   background+task  suspendedByOS

        *       active           homePressed   storage.fsync.fails   # any profile simulated
        android34 inactive(call) callEnded none
        \tios5 active kill
        """

    @Test("lines parse: comments and blank lines skipped, * for every profile, a fault, none, or nothing")
    func parses() throws {
        let list = try SometimesList(parsing: Self.text, file: "s.txt")
        #expect(
            list.entries.map(\.description) == [
                "ios26 background+task suspendedByOS", "* active homePressed storage.fsync.fails",
                "android34 inactive(call) callEnded none", "ios5 active kill",
            ])
        #expect(list.entries.map(\.line) == [2, 4, 5, 6])
        #expect(list.entries[0].fault == .any)
        #expect(list.entries[1].profile == nil)
        #expect(list.entries[1].fault == .point("storage.fsync.fails"))
        #expect(list.entries[2].fault == .none)
        #expect(try SometimesList(parsing: "", file: "empty").entries.isEmpty)
    }

    @Test(
        "a bad line is an error at file:line:column, with the nearest name",
        arguments: [
            ("ios27 active homePressed", "s.txt:1:1: unknown profile 'ios27'; did you mean ios26?"),
            ("ios26 actve homePressed", "s.txt:1:7: unknown state 'actve'; did you mean active?"),
            ("ios26 active homePresed", "s.txt:1:14: unknown event 'homePresed'; did you mean homePressed?"),
            ("ios26 active kil", "s.txt:1:14: unknown event 'kil'; did you mean kill?"),
            (
                "ios26 active homePressed storage.fsync.fail",
                "s.txt:1:26: unknown fault point 'storage.fsync.fail'; did you mean storage.fsync.fails?"
            ),
            ("ios26 inactive(cal) callEnded", "s.txt:1:7: unknown reason 'cal' in 'inactive(cal)'; did you mean call?"),
            (
                "ios26 active+task homePressed",
                "s.txt:1:7: 'active+task': only background has an open background task (+task)"
            ),
            ("ios26 active", "s.txt:1:13: expected PROFILE STATE EVENT [FAULT]; this line has 2 words"),
            (
                "* active homePressed none extra",
                "s.txt:1:27: expected PROFILE STATE EVENT [FAULT]; 'extra' is one word too many"
            ),
            ("android34 zzzzzz homePressed", "s.txt:1:11: unknown state 'zzzzzz'; expected a state"),
        ])
    func errors(line: String, message: String) {
        #expect(throws: SometimesError.self) { try SometimesList(parsing: line, file: "s.txt") }
        do {
            _ = try SometimesList(parsing: line, file: "s.txt")
        } catch {
            #expect("\(error)" == message)
        }
    }

    @Test("the error is on the bad line's number, after good lines and comments")
    func lineNumber() {
        do {
            _ = try SometimesList(parsing: "# x\nios26 active homePressed\n\n  ios26 active smsArived\n", file: "f")
            Issue.record("no error")
        } catch {
            #expect("\(error)" == "f:4:16: unknown event 'smsArived'; did you mean smsArrived?")
        }
    }

    @Test("unreached: the cells no seed reached, on the profiles simulated, * expanded in profile order")
    func unreached() throws {
        let list = try SometimesList(parsing: Self.text, file: "s.txt")
        let coverage = [
            "ios26": SimulationCoverage(
                profile: .ios26,
                cells: ["background+task suspendedByOS": 1, "active homePressed storage.fsync.fails": 2]),
            "android34": SimulationCoverage(
                profile: .android34,
                cells: ["inactive(call) callEnded storage.write.noSpace": 1, "active homePressed": 3]),
        ]
        let missing = list.unreached(coverage).map { $0.entry.text(profile: $0.profile) }
        #expect(
            missing == ["android34 active homePressed storage.fsync.fails", "android34 inactive(call) callEnded none"])
        #expect(list.unchecked(coverage).map(\.description) == ["ios5 active kill"])
        let reachedWithoutFault = [
            "android34": SimulationCoverage(profile: .android34, cells: ["inactive(call) callEnded": 1])
        ]
        #expect(!list.unreached(reachedWithoutFault).contains { $0.entry.line == 5 })
    }

    @Test("a far longer word is never compared (no quadratic work on a hostile line)")
    func hostileWord() {
        let long = String(repeating: "x", count: 200_000)
        do {
            _ = try SometimesList(parsing: "ios26 active \(long)", file: "f")
            Issue.record("no error")
        } catch {
            #expect("\(error)".hasSuffix("; expected an event or kill"))
        }
    }
}
