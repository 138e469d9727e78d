// Scenarios: every script in Examples/Breakout/Scripts replays, under every profile, with all its expectations held
// and no invariant broken; the interruptions the issue names are all there; a purged session comes back with the
// same state on every profile.

import Breakout
import Lifecycle
import Replay
import Testing

@Suite struct ScenarioTests {
    @Test(arguments: replayNames())
    func scriptPasses(name: String) throws {
        let result = try replayScript(named: name)
        let ok = result.ok
        #expect(ok, "\(name):\n\(result.failures.joined(separator: "\n"))")
        #expect(result.expectations >= 5)
    }

    /// Each script is a matrix script of all six profiles (CONTRACT §7): its checks hold on every platform, each
    /// platform's own callbacks in `expect[...]` lines.
    @Test(arguments: scriptNames())
    func scriptRunsOnEveryProfile(name: String) throws {
        let script = try loadScript(named: name)
        #expect(script.profileNames == Profile.all.map(\.name), "\(name): profiles \(script.profileNames)")
        #expect(script.replays().map(\.name) == Profile.all.map { "\(name)@\($0.name)" })
    }

    @Test func theInterruptionsAreAllCovered() {
        let names = Set(scriptNames())
        let wanted = [
            "sms-ios4-dismissed", "sms-ios5-banner", "call-declined-ios4", "call-answered-ios5", "home-icon-tap",
            "lock-unlock-ios4", "lock-unlock-ios5", "switcher-dismissed-killed", "memory-warning",
            "purge-relaunch",
        ]
        for name in wanted { #expect(names.contains(name), "no Scripts/\(name).script") }
    }

    /// The session a relaunch restores from the snapshot is the one the home button paused: same state hash, on
    /// every profile (Android restores it from its instance state, in a recreated activity).
    @Test(arguments: Profile.all.map(\.name))
    func aPurgedSessionComesBackWithTheSameStateHash(profile: String) throws {
        let script = try loadScript(named: "purge-relaunch").under(profile)
        let atHome = try #require(script.prefix(through: .homePressed))
        let relaunched = try #require(script.prefix(through: .iconTapped))
        let home = replay(atHome)
        let back = replay(relaunched)
        let ok = home.ok && back.ok
        #expect(ok, "\(home.failures + back.failures)")
        #expect(home.finalState == .background)
        #expect(back.finalState == .active)
        #expect(back.simulationHash == home.simulationHash)
    }
}

extension Script {
    /// This script up to the first line that sends `event` and the expectations that follow it; nil when no line
    /// sends it.
    func prefix(through event: Event) -> Script? {
        guard let index = lines.firstIndex(where: { if case .event(_, event) = $0.command { true } else { false } })
        else { return nil }
        var end = index + 1
        while end < lines.count, lines[end].command.time == nil { end += 1 }
        var prefix = self
        prefix.lines = Array(lines[..<end])
        return prefix
    }
}
