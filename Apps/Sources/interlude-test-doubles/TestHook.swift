// MisbehavingEntry and TestHook: the shooter, made to hang or crash in one named script (main.swift lists the
// variables). The hook watches what the runtime does (`Runtime.willDo`, after the replay's own heartbeat).

import Foundation
import GLHost
import InterludeCLI
import Replay
import Runtime
import ShooterCommands

/// The shooter, with the test hook installed in every replay's runtime.
struct MisbehavingEntry<Wrapped: GameEntry>: GameEntry {
    let wrapped: Wrapped

    init(wrapping wrapped: Wrapped) { self.wrapped = wrapped }

    var name: String { wrapped.name }
    func makeGame(seed: UInt64) -> Wrapped.Game { wrapped.makeGame(seed: seed) }
    var scriptFolder: String? { wrapped.scriptFolder }
    var rendersOffscreen: Bool { wrapped.rendersOffscreen }
    func isMultiplayer(_ action: Wrapped.Game.Action) -> Bool { wrapped.isMultiplayer(action) }
    var diagramSituations: [DiagramSituation] { wrapped.diagramSituations }
    var extraDiagrams: [(name: String, contents: String)] { wrapped.extraDiagrams }

    func makeOffscreenDisplay(_ request: OffscreenRequest) throws -> OffscreenRendering<Wrapped.Game> {
        TestHook.rendering = true
        return try wrapped.makeOffscreenDisplay(request)
    }

    func connections(
        for script: Replay.Script<Wrapped.Game.Action>, leaderboard: String?, hasFaultLines: Bool
    ) throws -> ReplayConnections<Wrapped.Game> {
        let inner = try wrapped.connections(for: script, leaderboard: leaderboard, hasFaultLines: hasFaultLines)
        let hook = TestHook(script: script.name)
        return ReplayConnections(
            configure: { runtime in
                inner.configure(runtime)
                guard hook.isArmed else { return }
                hook.isInSession = { runtime.game.isInSession }
                let heartbeat = runtime.willDo
                runtime.willDo = { activity in
                    heartbeat?(activity)
                    hook.check(activity)
                }
            }, close: inner.close)
    }
}

/// Hangs or crashes one script's replay on purpose, as the variables say.
final class TestHook {
    let script: String
    let hang: Bool
    let crash: Bool
    let crashAfterRestore: Bool
    let hangsOnlyWithRasterizerThreads: Bool
    var isInSession: () -> Bool = { false }
    private var stepReached = false  // the replay's one thread sets and reads it
    private var loading = false  // a loadSnapshot was the last thing done
    /// True once this process made an offscreen display: the hook then waits for a frame drawn.
    nonisolated(unsafe) static var rendering = false
    static let step: Int64 = 30

    init(script: String) {
        let environment = ProcessInfo.processInfo.environment
        func named(_ variable: String) -> Bool { environment["INTERLUDE_TEST_" + variable] == script }
        self.script = script
        hangsOnlyWithRasterizerThreads = named("RACE")
        hang = named("HANG") || hangsOnlyWithRasterizerThreads
        crash = named("CRASH")
        crashAfterRestore = named("CRASH_AFTER_RESTORE")
    }

    var isArmed: Bool { hang || crash || crashAfterRestore }

    func check(_ activity: RuntimeActivity) {
        if crashAfterRestore {
            if loading, isInSession() { fatalError("test double: \(script): crashing after a restore on purpose") }
            if case .work(let work) = activity { loading = work == .loadSnapshot } else { loading = false }
            return
        }
        switch activity {
        case .step(let step) where step >= Self.step:
            stepReached = true
            if !Self.rendering { fire() }
        case .display("present") where stepReached:
            fire()
        default:
            break
        }
    }

    private func fire() {
        if crash { fatalError("test double: \(script): crashing on purpose") }
        // Checked at the frame, after the display chose: an unset variable is 0 by then (RasterizerThreads).
        if hangsOnlyWithRasterizerThreads, RasterizerThreads.requested.map({ Int($0) == 0 }) ?? false { return }
        FileHandle.standardError.write(Data("\(script): test double: blocking this frame on purpose\n".utf8))
        while true { sleep(3600) }
    }
}
