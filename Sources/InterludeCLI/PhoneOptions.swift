// PhoneOptions: the phone a window plays on, `--profile P [--sms-style S] [--call-style S] [--target-sdk N]`, shared by the engine's
// `play` and a game's own (the shooter's).

import ArgumentParser
import Lifecycle

/// The phone a window plays on: a profile of Docs/Contract.md §5 and its settings.
public struct PhoneOptions: ParsableArguments {
    @Option(help: "Platform profile: \(Profile.all.map(\.name).joined(separator: ", ")).")
    public var profile: String = "ios5"

    @Option(help: "SMS style: alert or banner (default: the profile's own).")
    public var smsStyle: String?

    @Option(help: "Call style on ios26 and android34: banner or fullScreen (default: the profile's own).")
    public var callStyle: String?

    @Option(
        help: ArgumentHelp(
            "Android: the API level the game targets, 21 to 36 (default: the OS's own).",
            discussion: "Below 28, onSaveInstanceState comes before onStop (Docs/Contract.md §5 targetSdk)."))
    public var targetSdk: Int?

    public init() {}

    public func validate() throws {
        guard Profile.named(profile) != nil else {
            let names = Profile.all.map(\.name)
            throw ValidationError(
                "--profile must be \(names.dropLast().joined(separator: ", ")) or \(names.last!); got '\(profile)'")
        }
        if let smsStyle, SMSStyle(rawValue: smsStyle) == nil {
            throw ValidationError("--sms-style must be alert or banner")
        }
        if let callStyle, CallStyle(rawValue: callStyle) == nil {
            throw ValidationError("--call-style must be banner or fullScreen")
        }
        if let targetSdk, !AndroidLevels.targets.contains(targetSdk) {
            let range = AndroidLevels.targets
            throw ValidationError(
                "--target-sdk must be from \(range.lowerBound) to \(range.upperBound); got \(targetSdk)")
        }
    }

    /// The profile chosen, with its settings applied (valid once `validate` passed).
    public var chosen: Profile {
        var chosen = Profile.named(profile) ?? .ios5
        if let smsStyle, let style = SMSStyle(rawValue: smsStyle) { chosen = chosen.withSMSStyle(style) }
        if let callStyle, let style = CallStyle(rawValue: callStyle) { chosen = chosen.withCallStyle(style) }
        if let targetSdk { chosen = chosen.withTargetSdk(targetSdk) }
        return chosen
    }
}
