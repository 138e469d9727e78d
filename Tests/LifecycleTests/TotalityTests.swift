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

    private func checkMove(_ move: Transition, _ pair: Pair) {
        let from = pair.status.state
        let callbacks = move.callbacks
        let work = move.work
        if !from.isRunning {
            #expect(pair.event == .launched || pair.event == .iconTapped)
            #expect(move.to.state == .active && callbacks.last == .didBecomeActive)
        }
        for leg in move.legs where !leg.callbacks.isEmpty {
            #expect(![.suspended, .terminated, .notRunning].contains(leg.to), "callbacks while \(leg.to)")
        }
        if from == .active && [.background, .inactive].contains(move.to.state) {
            #expect(callbacks.first == .willResignActive, "leaving active always resigns first")
        }
        if [.background, .suspended].contains(from) && move.to.state == .active {
            #expect(callbacks == [.willEnterForeground, .didBecomeActive], "foreground before active")
        }
        if move.to.state == .active && from != .active {
            #expect(callbacks.last == .didBecomeActive)
            #expect(work.suffix(2) == [.scheduleTimers, .startFrameLoop])
        }
        #expect(callbacks.contains(.didEnterBackground) == work.contains(.forbidGL))
        if let begin = work.firstIndex(of: .beginBackgroundTask) {
            #expect(work[begin...].contains(.endBackgroundTask), "every background task ends")
        }
        if callbacks.contains(.willResignActive) {
            #expect(work.contains(.saveSnapshot) && work.contains(.stopFrameLoop) && work.contains(.invalidateTimers))
            #expect(work.contains(.cancelLeaderboardRequests) && work.contains(.disconnectPeers))
        }
        if move.to.state == .suspended || move.to.state == .terminated {
            #expect(!work.contains(.finishGL) || callbacks.contains(.didEnterBackground), "no GL once backgrounded")
        }
        if from == .background || from == .suspended, move.to.state != .active {
            let gl: Set<Work> = [.finishGL, .releaseGLSurfaces, .restoreGLSurfaces]
            #expect(work.allSatisfy { !gl.contains($0) }, "no GL work in the background")
        }
    }

    @Test("the machine covers 21 statuses × 24 events per profile")
    func counts() {
        #expect(Lifecycle.statuses.count == 21)
        #expect(Pair.all.count == 2 * 21 * 24)
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
