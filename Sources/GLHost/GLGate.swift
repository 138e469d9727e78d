// GLGate: a renderer's GL guard. Every entry point of a SceneRenderer asks it first; while GL is forbidden
// (the app is in the background) it refuses, records the attempt and no GL call follows.

/// Decides whether the renderer may issue GL calls, and records attempts made while it may not.
public final class GLGate {
    /// True while GL calls are forbidden (between `forbid()` and `allow()`).
    public private(set) var isForbidden: Bool
    /// The names of the entry points refused while forbidden, in order.
    public private(set) var violations: [String]
    /// The number of entry points admitted; it does not move while GL is forbidden.
    public var callCount: Int

    /// Creates a gate; GL is allowed unless `isForbidden` is true.
    public init(isForbidden: Bool = false) {
        self.isForbidden = isForbidden
        self.violations = []
        self.callCount = 0
    }

    /// Forbids GL calls until `allow()`.
    public func forbid() { isForbidden = true }

    /// Allows GL calls again.
    public func allow() { isForbidden = false }

    /// Returns true and counts the call when GL is allowed; otherwise records `entry` as a violation and
    /// returns false, and the caller must then issue no GL call at all.
    public func admit(_ entry: String) -> Bool {
        guard !isForbidden else {
            violations.append(entry)
            return false
        }
        callCount += 1
        return true
    }
}
