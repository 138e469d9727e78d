// GameAction: what the shooter's player does, as the runtime hands it to the game (Docs/Contract.md §7.3, the
// shooter's words): `play singlePlayer level=1`, `input forward 500ms`, `fire`, `look 90`, and the app shell's
// `menu`, `resume`, `openLeaderboard`, `closeLeaderboard`. The shooter's own `Action` (`LifecycleGame`); how the
// transcript names it and a script spells it is GameAction+Script.swift.

/// Controls the player can hold: a window's keys, a script's `input` lines. A game reads the ones it has a use for.
public enum Control: String, Hashable, Sendable, CaseIterable {
    case forward, back, left, right, turnLeft, turnRight, lookUp, lookDown
}

/// Where `play` goes.
public enum GameMode: String, Hashable, Sendable, CaseIterable {
    case singlePlayer, multiplayer
}

/// What the player does.
public enum GameAction: Hashable, Sendable {
    case play(GameMode, level: Int)  // `play singlePlayer level=1`; level defaults to 1
    case openLeaderboard, closeLeaderboard, menu, resume
    case input(Control, duration: Int64)  // hold `control` for `duration` nanoseconds
    case fire
    /// `look <yaw> [<pitch>]`: turn the view at once (mouse look), in degrees with up to 3 decimals; positive
    /// yaw turns right, positive pitch looks up. Kept in thousandths of a degree so text and value round-trip.
    case look(yawMillidegrees: Int64, pitchMillidegrees: Int64)

    /// Thousandths of a degree as the shortest decimal text that reads back the same (`90`, `-12.5`, `0.001`).
    public static func degrees(_ millidegrees: Int64) -> String {
        let sign = millidegrees < 0 ? "-" : ""
        let magnitude = millidegrees.magnitude
        var fraction = String(magnitude % 1000)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return sign + "\(magnitude / 1000)" + (fraction.isEmpty ? "" : "." + fraction)
    }
}
