// WindowEventCoalescer: a window manager takes the focus away before it minimises a window, so a desktop
// "minimise" arrives as focusLost then iconified, in one poll or in two. On the phone that is one gesture,
// the home button, so a focus loss right before an iconify is dropped. A focus loss that ends what arrived
// waits `grace` for an iconify in a later poll, then passes on; everything else passes through in order.

/// Folds `focusLost, iconified` into `iconified`.
public struct WindowEventCoalescer: Sendable {
    /// How long a trailing focus loss waits for an iconify, in nanoseconds.
    public let grace: Int64
    private var heldSince: Int64?  // ns reading when a trailing focusLost was held back; nil when none is held

    /// A coalescer that holds a trailing focus loss for `grace` nanoseconds (default 150 ms).
    public init(grace: Int64 = 150_000_000) {
        self.grace = grace
    }

    /// True while a focus loss is held back, waiting to see whether an iconify follows.
    public var isHoldingFocusLoss: Bool { heldSince != nil }

    /// The events to act on now, given those that `arrived` at `time` (ns on any monotonic clock).
    /// Call it on every loop iteration, also with nothing arrived, so that a held focus loss comes out in time.
    public mutating func take(_ arrived: [WindowEvent], at time: Int64) -> [WindowEvent] {
        var result: [WindowEvent] = []
        if let since = heldSince {
            if arrived.first == .iconified {
                heldSince = nil
            } else if !arrived.isEmpty || time - since >= grace {
                heldSince = nil
                result.append(.focusLost)
            } else {
                return []
            }
        }
        for (index, event) in arrived.enumerated() {
            if event == .focusLost {
                let next = index + 1 < arrived.count ? arrived[index + 1] : nil
                if next == .iconified { continue }
                if next == nil {
                    heldSince = time
                    continue
                }
            }
            result.append(event)
        }
        return result
    }
}
