// Runtime+Recording: what the player and the phone did, kept as script lines, so that a window session
// can be written as a `.script` that replays to the same transcript (`interlude play --record`).

import GameCore
import Lifecycle
import Replay

/// The lines recorded so far, plus controls held down whose duration is not known yet.
public struct Recording: Sendable {
    public private(set) var lines: [ScriptLine] = []
    var held: [InputKey: (time: Nanoseconds, steps: Int64)] = [:]  // key → press time, game steps then

    public init() {}

    mutating func add(_ command: Command) {
        let location = SourceLocation(file: "recording", line: lines.count + 1, column: 1)
        lines.append(ScriptLine(location: location, command: command))
    }

    /// The recording as a script, lines in time order.
    public func script(name: String, profile: Profile, seed: UInt64) -> Script {
        let ordered = lines.enumerated().sorted {
            ($0.element.command.time ?? 0, $0.offset) < ($1.element.command.time ?? 0, $1.offset)
        }
        let base = profile.name
        let style = Profile.named(base)?.smsStyle == profile.smsStyle ? nil : profile.smsStyle
        return Script(name: name, profileName: base, smsStyle: style, seed: seed, lines: ordered.map(\.element))
    }
}

extension Runtime {
    /// Starts recording what is injected from now on.
    public func startRecording() { recording = Recording() }

    func record(_ command: Command) { recording?.add(command) }

    /// Notes a control pressed or released for the recording: a release becomes `input <key> <duration>`
    /// at the press time, with the duration that holds the control for the same number of game steps.
    func recordHold(_ key: InputKey, _ isHeld: Bool) {
        guard recording != nil else { return }
        if isHeld {
            if game.state.isRunning { recording!.held[key] = (now, game.state.steps) }
            return
        }
        guard let (time, steps) = recording!.held.removeValue(forKey: key) else { return }
        let held = max(1, game.state.steps - steps)
        // The smallest whole number of ms that gives `held` steps back when the replay converts it.
        let milliseconds = (held * 1000 + Int64(stepsPerSecond) - 1) / Int64(stepsPerSecond)
        recording!.add(.action(time: time, .input(key, duration: milliseconds * 1_000_000)))
    }
}
