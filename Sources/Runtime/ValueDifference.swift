// ValueDifference: what a state-hash mismatch says. A hash tells that two states differ, never how; the game's
// exported values (`LifecycleGame.exportedValues`) read at both ends name the values that moved. Invariant 8's
// failure, InterludeTesting's state comparisons and the explorer's invariant-7 report say it the same way.

/// One exported value that two readings of a game disagree on.
public struct ValueDifference: Hashable, Sendable, CustomStringConvertible {
    public let key: String
    public let before: Int64?  // nil: not exported then
    public let after: Int64?  // nil: not exported then

    public init(key: String, before: Int64?, after: Int64?) {
        self.key = key
        self.before = before
        self.after = after
    }

    /// `score 10 -> 12`; a value exported on one side only reads `(none)` on the other.
    public var description: String {
        "\(key) \(before.map(String.init) ?? "(none)") -> \(after.map(String.init) ?? "(none)")"
    }

    /// The values that differ between `before` and `after`, by key in byte order.
    public static func between(_ before: [String: Int64], _ after: [String: Int64]) -> [ValueDifference] {
        Set(before.keys).union(after.keys)
            .filter { before[$0] != after[$0] }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            .map { ValueDifference(key: $0, before: before[$0], after: after[$0]) }
    }

    /// `score 10 -> 12, ammo 30 -> 29`, or why none can be named: the game exports no value, or none of those it
    /// exports differs (the hash covers more than the game exports).
    public static func phrase(_ before: [String: Int64], _ after: [String: Int64]) -> String {
        let differences = between(before, after)
        if !differences.isEmpty { return differences.map(\.description).joined(separator: ", ") }
        return before.isEmpty && after.isEmpty
            ? "the game exports no values to name" : "no exported value differs"
    }
}
