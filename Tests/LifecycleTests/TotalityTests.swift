import Testing

@testable import Lifecycle

struct Pair: CustomTestStringConvertible, Sendable {
    let profile: Profile
    let status: Status
    let event: Event
    var testDescription: String { "\(profile.name) \(status) \(event.rawValue)" }

    static let all: [Pair] = Profile.all.flatMap { profile in
        Lifecycle.statuses.flatMap { status in Event.allCases.map { Pair(profile: profile, status: status, event: $0) }
        }
    }
}

/// iOS never does these; the machine must not either (lifecycle-reference.md §1.3).
@Suite("Totality over every (status, event) pair")
struct TotalityTests {
    @Test("every pair has a lawful outcome", arguments: Pair.all)
    func lawful(_ pair: Pair) {
        let outcome = transition(from: pair.status, on: pair.event, in: pair.profile)
        switch outcome {
        case .ignored:
            #expect(pair.status.state.isRunning, "only a running app ignores events")
        case .rejected(let why):
            #expect(!why.isEmpty)
            #expect(why.contains(pair.event.rawValue), "a rejection names its event: \(why)")
        case .moved(let move):
            checkMove(move, pair)
        }
    }

    /// The rules of lifecycle-reference.md §1.3, stated by role (`Callback.role`) so that they hold on every profile:
    /// `onPause` and `sceneWillResignActive` resign as `willResignActive` does, and so on. Notices (focus, protected
    /// data, `onRestart`) may come anywhere.
    private func checkMove(_ move: Transition, _ pair: Pair) {
        let from = pair.status.state
        let callbacks = move.callbacks
        let roles = callbacks.map(\.role).filter { $0 != .notice }
        let work = move.work
        if !from.isRunning && pair.event == .launchedBehindLock {
            // Android's launch behind the keyguard: created, resumed, then stopped under the lock (CTS A14).
            #expect(move.to == Status(.background, reason: .lock))
            #expect(roles.prefix(4) == [.launch, .enterForeground, .activate, .resign])
        } else if !from.isRunning {
            #expect(pair.event == .launched || pair.event == .iconTapped)
            #expect(move.to.state == .active && roles.last == .activate)
        }
        for leg in move.legs where !leg.callbacks.isEmpty {
            #expect(![.suspended, .terminated, .notRunning].contains(leg.to), "callbacks while \(leg.to)")
        }
        if from == .active && [.background, .inactive, .terminated].contains(move.to.state) && !roles.isEmpty {
            #expect(roles.first == .resign, "leaving active always resigns first")
        }
        if [.background, .suspended].contains(from) && move.to.state == .active {
            // A relaunch pending (Android, rotated while stopped) destroys and recreates the activity on the way.
            let relaunches = pair.status.isRelaunchPending && pair.profile.name.hasPrefix("android")
            let relaunch: [Callback.Role] = relaunches ? [.terminate] : []
            let kept = roles.filter { $0 != .launch && $0 != .restoreState }
            #expect(kept == relaunch + [.enterForeground, .activate], "foreground before active")
        }
        if move.to.state == .active && from != .active {
            #expect(roles.last == .activate)
            #expect(work.suffix(2) == [.scheduleTimers, .startFrameLoop])
        }
        #expect(roles.contains(.enterBackground) == work.contains(.forbidGL))
        if let begin = work.firstIndex(of: .beginBackgroundTask) {
            #expect(work[begin...].contains(.endBackgroundTask), "every background task ends")
        }
        for segment in move.segments where segment.callback?.role == .resign {
            let duties: [Work] = [
                .pauseGame, .stopFrameLoop, .invalidateTimers, .cancelLeaderboardRequests,
                .disconnectPeers, .saveSnapshot,
            ]
            #expect(duties.allSatisfy(segment.work.contains), "\(segment.callback!) does every duty of resigning")
        }
        for segment in move.segments where segment.callback?.role == .saveState {
            #expect(segment.work == [.saveInstanceState])
        }
        if move.to.state == .suspended || move.to.state == .terminated {
            #expect(!work.contains(.finishGL) || roles.contains(.enterBackground), "no GL once backgrounded")
        }
        if from == .background || from == .suspended, move.to.state != .active {
            let gl: Set<Work> = [.finishGL, .releaseGLSurfaces, .restoreGLSurfaces, .recreateGLObjects]
            #expect(work.allSatisfy { !gl.contains($0) }, "no GL work in the background")
        }
        // Android: the instance state is saved before a recreated activity is destroyed, and given back to it.
        // (A stopped activity saved it as it stopped: onStop, onSaveInstanceState.)
        if let destroy = callbacks.firstIndex(of: .onDestroy), callbacks.contains(.onCreate) {
            #expect(callbacks[..<destroy].contains(.onSaveInstanceState) || pair.status.isRelaunchPending)
            #expect(callbacks.contains(.onRestoreInstanceState))
        }
        // GL objects are recreated only while GL is allowed.
        if let recreate = work.firstIndex(of: .recreateGLObjects) {
            let before = work[..<recreate]
            let lastForbid = before.lastIndex(of: .forbidGL)
            let lastAllow = before.lastIndex(of: .allowGL)
            #expect(lastForbid == nil || (lastAllow ?? -1) > lastForbid!, "recreateGLObjects while GL is forbidden")
        }
    }

    @Test("the machine covers 41 statuses × 35 events per profile")
    func counts() {
        #expect(Lifecycle.statuses.count == 41)
        #expect(Event.allCases.count == 35)
        #expect(Pair.all.count == 6 * 41 * 35)
        let legal = Pair.all.filter {
            if case .moved = transition(from: $0.status, on: $0.event, in: $0.profile) {
                return true
            } else {
                return false
            }
        }
        #expect(legal.count > 100)
    }

    @Test("launch passes through launching; home passes through inactive")
    func legs() throws {
        guard case .moved(let launch) = transition(from: Status(.notRunning), on: .launched, in: .ios5),
            case .moved(let home) = transition(from: Status(.active), on: .homePressed, in: .ios4)
        else { throw Failure.notMoved }
        #expect(launch.legs.map(\.to) == [.launching, .active])
        #expect(launch.legs[0].callbacks == [.willFinishLaunching, .didFinishLaunching])
        #expect(home.legs.map(\.to) == [.inactive, .background])
    }

    enum Failure: Error { case notMoved }
}
