// Ports: what the runtime needs from the outside world, with the in-memory versions tests and replays use.

import GameCore
import Lifecycle

/// Where snapshots are kept. `FileSnapshotStore` (Services) writes them atomically to disk.
public protocol SnapshotStore: AnyObject {
    /// Replaces the stored snapshot with `bytes`; when this returns, the bytes are what `load` gives.
    func save(_ bytes: [UInt8]) throws
    /// The stored bytes, or nil when nothing was ever saved.
    func load() throws -> [UInt8]?
}

/// Keeps the snapshot in memory: the "disk" of a replay, which survives the app's termination and relaunch.
public final class InMemorySnapshotStore: SnapshotStore {
    public private(set) var bytes: [UInt8]?
    public private(set) var saveCount = 0

    public init(bytes: [UInt8]? = nil) { self.bytes = bytes }

    public func save(_ bytes: [UInt8]) throws {
        self.bytes = bytes
        saveCount += 1
    }

    public func load() throws -> [UInt8]? { bytes }
}

/// Told of every callback the runtime delivers, in order; the game's delegate seam (and a test's).
public protocol LifecycleObserver: AnyObject {
    /// `callback` is being delivered by `runtime`, whose status is already the state the callback belongs to.
    func runtime(_ runtime: Runtime, delivered callback: Callback)
}

/// A multiplayer peer. For now an in-process loopback that echoes our position every step.
public final class LoopbackPeer {
    public let name: String
    public private(set) var echoes: Int64 = 0  // position updates received back

    public init(name: String) { self.name = name }

    /// Sends our position; the loopback answers at once.
    func exchange(x: Float, z: Float) { echoes += 1 }
}
