// Script+Recording: a window session's recording (Runtime's `Recording`) as a script, which `ScriptWriter` writes
// as the `.script` of `interlude play --record`.

import Lifecycle
import Runtime

extension Recording where Game.Action: ScriptAction {
    /// The recording as a script named `name`, lines in time order (ties in recording order); a profile whose SMS
    /// style is not its own is written as `smsStyle=`.
    public func script(name: String, profile: Profile, seed: UInt64) -> Script<Game.Action> {
        var lines: [ScriptLine<Game.Action>] = []
        for (index, input) in inputs.enumerated() {
            let location = SourceLocation(file: "recording", line: index + 1, column: 1)
            switch input {
            case .event(let time, let event):
                lines.append(ScriptLine(location: location, command: .event(time: time, event)))
            case .action(let time, let action):
                lines.append(ScriptLine(location: location, command: .action(time: time, action)))
            }
        }
        let ordered = lines.enumerated().sorted {
            ($0.element.command.time ?? 0, $0.offset) < ($1.element.command.time ?? 0, $1.offset)
        }
        let base = profile.name
        let style = Profile.named(base)?.smsStyle == profile.smsStyle ? nil : profile.smsStyle
        let calls = Profile.named(base)?.callStyle == profile.callStyle ? nil : profile.callStyle
        let target = Profile.named(base)?.android == profile.android ? nil : profile.android?.targetSdk
        return Script(
            name: name, profileName: base, smsStyle: style, callStyle: calls, seed: seed, lines: ordered.map(\.element),
            targetSdk: target)
    }
}
