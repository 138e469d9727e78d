// A leaderboard server is outside: what it answers is shown on the game's screen only as the screen can hold it.

import Services
import Testing

@Suite("Hostile server answers")
struct HostileAnswerTests {
    @Test("a name from the server is cut to 24 characters and shows control characters as ?")
    func namesShown() {
        #expect(URLSessionLeaderboard.shown("ada") == "ada")
        #expect(URLSessionLeaderboard.shown(String(repeating: "x", count: 1_000_000)).count == 24)
        #expect(URLSessionLeaderboard.shown("a\u{0}b\nc\u{1b}[2J") == "a?b?c?[2J")
        #expect(URLSessionLeaderboard.shown(String(repeating: "y", count: 24)) == String(repeating: "y", count: 24))
    }
}
