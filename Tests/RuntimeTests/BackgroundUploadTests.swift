// BackgroundUploadTests: the outbox finishing its upload in a background task that stays open across steps and
// events (CONTRACT §4 "The outbox's background upload", issue 29 point 3), so that the task's expiry is reachable:
// the OS expires it after the profile's budget (ios26 30 s, ios4 600 s), an answer ends it, the foreground ends it
// first, a purge ends it with the process, and Android (no background task) never begins one: android28's stopped
// process sends the outbox without one, android34's waits for the return (frozen 10 s after the stop).

import Foundation
import GameCore
import InterludeNetwork
import Lifecycle
import Replay
import Runtime
import Testing

@Suite("The outbox's upload in a background task")
struct BackgroundUploadTests {
    /// The fight of fight-level1-sms-ios4 up to level 2: the level's score goes to the outbox at 13.1 s.
    static func fight(profile: String, delay: String) -> String {
        """
        interlude-script 1
        profile \(profile)
        seed 1
        leaderboard delay=\(delay)
        at 0s        launched
        at 0.5s      play singlePlayer level=1
        at +0.1s     input forward 1667ms
        at +2s       look 90
        at +0.1s     input forward 1s
        at +1.5s     look -90
        at +0.1s     input forward 1s
        at +1.5s     look -45
        at +0.1s     fire
        at +0.3s     fire
        at +0.5s     fire
        at +0.3s     fire
        at +0.3s     look 135
        at +0.1s     input right 500ms
        at +1s       input forward 1667ms
        at +2s       look -90
        at +0.1s     input forward 2167ms
        at +2.5s     look 90
        at +0.1s     input forward 500ms
        at +1s       homePressed
        expect state background

        """
    }

    static let homeAt = 14_100  // ms: when the fight's homePressed arrives

    func replay(_ text: String, server: InProcessLeaderboard = InProcessLeaderboard()) throws -> (
        result: ReplayResult, lines: [String]
    ) {
        let levels = IdleSkipTests.levels
        let script = try ScriptParser.parse(text, file: "upload.script")
        let result = ScriptRunner.run(script, game: { Game(seed: $0, levels: levels) }) { runtime in
            runtime.useLeaderboard(server, pacing: .virtual)
        }
        let lines = result.transcript.split(separator: "\n").map(String.init).filter { !$0.contains("\"frame\"") }
        return (result, lines)
    }

    func time(of needle: String, in lines: [String]) -> Int? {
        guard let line = lines.first(where: { $0.contains(needle) }),
            let t = line.split(separator: ",").first?.split(separator: ":").last
        else { return nil }
        return Int(t)
    }

    @Test("ios26: the task outlives the event; the OS expires it 30 s after the app entered the background")
    func expiresAfterTheBudget() throws {
        let (result, lines) = try replay(
            Self.fight(profile: "ios26", delay: "40s")
                + "expect requests 1\nat +31s memoryWarned\nexpect state suspended\nexpect requests 0\n")
        #expect(result.ok, "\(result.failures) \(lines.filter { $0.contains("violation") })")
        #expect(time(of: "\"detail\":\"outbox upload: 1 score(s)\"", in: lines) == Self.homeAt)
        #expect(time(of: "\"name\":\"backgroundTaskExpired\"", in: lines) == Self.homeAt + 30_000)
        #expect(
            lines.contains {
                $0.contains("outbox upload stopped after 0 sent: 1 request(s) cancelled, 1 score(s) kept")
            })
    }

    @Test("ios4: the budget is 600 s")
    func ios4Budget() throws {
        let (result, lines) = try replay(
            Self.fight(profile: "ios4", delay: "700s") + "at +601s memoryWarned\nexpect state suspended\n")
        #expect(result.ok, "\(result.failures)")
        #expect(time(of: "\"name\":\"backgroundTaskExpired\"", in: lines) == Self.homeAt + 600_000)
    }

    @Test("an answer ends the task; the OS suspends the app at once")
    func answerEndsTheTask() throws {
        let (result, lines) = try replay(
            Self.fight(profile: "ios13", delay: "2s") + "at +3s memoryWarned\nexpect state suspended\n")
        #expect(result.ok, "\(result.failures)")
        #expect(time(of: "outbox upload done: 1 sent", in: lines) == Self.homeAt + 2_000)
        #expect(time(of: "\"name\":\"suspendedByOS\"", in: lines) == Self.homeAt + 2_000)
        #expect(!lines.contains { $0.contains("backgroundTaskExpired") })
    }

    @Test("back in front mid-upload: the task ends before the foreground's work, the request goes on and is answered")
    func foregroundEndsTheTask() throws {
        let (result, lines) = try replay(
            Self.fight(profile: "ios26", delay: "2s")
                + "at +1s iconTapped\nexpect state active\nexpect requests 1\nat +1.5s resume\nexpect requests 0\n")
        #expect(result.ok, "\(result.failures) \(lines.filter { $0.contains("violation") })")
        let end = try #require(lines.firstIndex { $0.contains("back in the foreground after 0 sent") })
        let activated = try #require(lines.firstIndex { $0.contains("\"callback\",\"name\":\"sceneDidBecomeActive\"") })
        let allowed = try #require(lines.lastIndex { $0.contains("\"work\",\"name\":\"allowGL\"") })
        #expect(end > activated && end < allowed, "the end comes after the move's callbacks, before its work")
    }

    @Test("a purge mid-upload ends the task with the process; the relaunch keeps the score in the outbox")
    func purgeEndsTheProcess() throws {
        let (result, lines) = try replay(
            Self.fight(profile: "ios26", delay: "20s")
                + "at +5s purgedByOS\nexpect state terminated\nat +1s iconTapped\nexpect state active\nat +0.5s resume\nexpect requests 1\n"
        )
        #expect(result.ok, "\(result.failures) \(lines.filter { $0.contains("violation") })")
    }

    @Test("android28 (no freezer): the stopped process uploads the score 60 s later with no task, still background")
    func android28UploadsWhileStopped() throws {
        let server = InProcessLeaderboard()
        let (result, lines) = try replay(
            Self.fight(profile: "android28", delay: "60s")
                + "expect requests 0\nat +1s memoryWarned\nexpect state background\nexpect requests 1\n"
                + "at +60s memoryWarned\nexpect state background\nexpect requests 0\n",
            server: server)
        #expect(result.ok, "\(result.failures) \(lines.filter { $0.contains("violation") })")
        #expect(!lines.contains { $0.contains("BackgroundTask") || $0.contains("suspendedByOS") })
        #expect(server.stored.count == 1, "the level's score is stored: \(server.stored)")
    }

    @Test("android34: no task, the outbox waits; the freezer suspends the app 10 s after it stopped")
    func android34FreezesAfterItsDelay() throws {
        let (result, lines) = try replay(
            Self.fight(profile: "android34", delay: "2s")
                + "expect requests 0\nat +1s memoryWarned\nexpect state background\nexpect requests 0\n"
                + "at +9.5s memoryWarned\nexpect state suspended\n")
        #expect(result.ok, "\(result.failures)")
        #expect(!lines.contains { $0.contains("outbox upload") })
        #expect(time(of: "\"name\":\"suspendedByOS\"", in: lines) == Self.homeAt + 10_000)
    }

    @Test("the bundled script exercises both ends of the task, and writes its golden transcript")
    func bundledScript() throws {
        let text = try LevelAssets.text("Assets/Interruptions/background-upload-ios26.script")
        let (result, lines) = try replay(text)
        #expect(result.ok, "\(result.failures)")
        #expect(lines.contains { $0.contains("outbox upload stopped after 0 sent") })
        #expect(lines.contains { $0.contains("outbox upload done: 1 sent") })
    }
}
