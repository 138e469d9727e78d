// Runtime+Recording: what the player and the phone did, kept in time order, so that a window session can be written
// as a `.script` that replays to the same transcript (`interlude play --record`; Replay's `Script(recording:)`).

import Lifecycle

/// One thing recorded: an OS event or a player's action, at a time.
public enum RecordedInput<Action: PlayerAction>: Hashable, Sendable {
    case event(time: Nanoseconds, Event)
    case action(time: Nanoseconds, Action)

    /// When it happened.
    public var time: Nanoseconds {
        switch self {
        case .event(let time, _), .action(let time, _): return time
        }
    }
}

/// The inputs recorded so far, plus controls held down whose duration is not known yet.
public struct Recording<Game: LifecycleGame>: Sendable {
    /// In recording order (a held control is recorded at its release, with its press time).
    public private(set) var inputs: [RecordedInput<Game.Action>] = []
    var held: [Game.Control: (time: Nanoseconds, steps: Int64)] = [:]  // control → press time, game steps then

    public init() {}

    mutating func add(_ input: RecordedInput<Game.Action>) { inputs.append(input) }
}

extension Runtime {
    /// Starts recording what is injected from now on.
    public func startRecording() { recording = Recording() }

    func record(_ input: RecordedInput<Game.Action>) { recording?.add(input) }

    /// Notes a control pressed or released for the recording: a release becomes the game's action holding it
    /// (`LifecycleGame.action(holding:for:)`) at the press time, with the duration that holds the control for the same number of game steps.
    func recordHold(_ control: Game.Control, _ isHeld: Bool) {
        guard recording != nil else { return }
        if isHeld {
            if game.isRunning { recording!.held[control] = (now, game.steps) }
            return
        }
        guard let (time, steps) = recording!.held.removeValue(forKey: control) else { return }
        let held = max(1, game.steps - steps)
        // The smallest whole number of ms that gives `held` steps back when the replay converts it.
        let milliseconds = (held * 1000 + Int64(stepsPerSecond) - 1) / Int64(stepsPerSecond)
        guard let action = Game.action(holding: control, for: milliseconds * 1_000_000) else { return }
        recording!.add(.action(time: time, action))
    }
}
