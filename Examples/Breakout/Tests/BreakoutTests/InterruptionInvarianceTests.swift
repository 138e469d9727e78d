// Interruption invariance (Docs/Contract.md §6 invariant 7): a session interrupted and resumed, or purged and
// relaunched from its snapshot, reaches the same state hash as the same play without the interruption, paused
// time excluded. The play holds the paddle across the interruption and runs past the speedup's 10 s, so the held
// steps and the timer's remaining time must both survive it.

import Breakout
import Lifecycle
import Replay
import Testing

@Suite struct InterruptionInvarianceTests {
    /// The player's part, in seconds of play from launch: a launch, holds left and right, a second launch attempt.
    static let play: [(seconds: Double, line: String)] = [
        (0, "launched"), (0.5, "start"), (1, "serve"), (1.5, "paddle right 700ms"),
        (3, "paddle left 1.5s"), (7, "paddle right 400ms"), (9, "serve"), (11.5, "paddle left 250ms"),
    ]
    /// Play ends here (a memory warning changes nothing in the game); the interruption comes at 4 s, mid-hold.
    static let end = 14.0
    static let interruptedAt = 4.0

    /// An interruption: its lines, seconds after it starts, and how long it lasts until the player resumes.
    struct Interruption: Sendable, CustomStringConvertible {
        let profile: String
        let lines: [(Double, String)]
        let length: Double  // seconds from the interruption to `resume`
        var description: String { profile + " " + lines.map(\.1).joined(separator: ", ") }
    }

    static let interruptions = [
        Interruption(profile: "ios4", lines: [(0, "smsArrived"), (3, "smsDismissed")], length: 5),
        Interruption(profile: "ios4", lines: [(0, "callArrived"), (2, "callDeclined")], length: 2.5),
        Interruption(profile: "ios5", lines: [(0, "homePressed"), (20, "iconTapped")], length: 21),
        Interruption(profile: "ios5", lines: [(0, "homePressed"), (1, "purgedByOS"), (5, "iconTapped")], length: 6),
        Interruption(profile: "ios5", lines: [(0, "lockPressed"), (3, "unlocked")], length: 3.5),
    ]

    /// The play as a script, with `interruption` at `interruptedAt` and every later line `shift` seconds later.
    static func script(profile: String, interruption: Interruption? = nil, shift: Double = 0) throws -> Script {
        var timed: [(Double, String)] = []
        for (seconds, line) in play { timed.append((seconds < interruptedAt ? seconds : seconds + shift, line)) }
        if let interruption {
            timed += interruption.lines.map { (interruptedAt + $0.0, $0.1) }
            timed.append((interruptedAt + interruption.length, "resume"))
        }
        timed.append((end + shift, "memoryWarned"))
        var text = "interlude-script 1\nprofile \(profile)\nseed 4\n"
        for (seconds, line) in timed.sorted(by: { $0.0 < $1.0 }) {
            text += "at \(Int64((seconds * 1000).rounded()))ms \(line)\n"
            if line == "resume" { text += "expect running\n" }
        }
        text += "expect running\n"
        return try ScriptParser.parse(text, file: "invariance.script")
    }

    @Test(arguments: interruptions)
    func anInterruptedSessionEndsAsAnUninterruptedOne(interruption: Interruption) throws {
        let plain = replay(try Self.script(profile: interruption.profile))
        let interrupted = replay(
            try Self.script(profile: interruption.profile, interruption: interruption, shift: interruption.length))
        let ok = plain.ok && interrupted.ok
        #expect(ok, "\(plain.failures + interrupted.failures)")
        #expect(interrupted.transcript.contains("\"name\":\"resume\""))
        #expect(interrupted.simulationHash == plain.simulationHash)
    }

    /// The check can fail: the same interruption without giving the paused time back changes the play.
    @Test func playingOnAtTheWallClocksTimesEndsElsewhere() throws {
        let sms = Self.interruptions[0]
        let plain = replay(try Self.script(profile: "ios4"))
        let unshifted = replay(try Self.script(profile: "ios4", interruption: sms, shift: 0))
        #expect(unshifted.simulationHash != plain.simulationHash)
    }
}
