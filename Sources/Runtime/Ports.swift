// Ports: what the runtime tells the outside world beside its ports of their own (Display.swift; the saves' in Saves,
// the network's in InterludeNetwork).

import Lifecycle

/// Told of every callback the runtime delivers, in order: the app delegate's seam, for code beside the game that
/// must hear the life cycle itself (analytics, a sound engine), and for tests.
public protocol LifecycleObserver<Game>: AnyObject {
    associatedtype Game: LifecycleGame
    /// `callback` is being delivered by `runtime`, whose status is already the state the callback belongs to.
    func runtime(_ runtime: Runtime<Game>, delivered callback: Callback)
}
