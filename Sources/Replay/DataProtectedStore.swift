// DataProtectedStore: iOS data protection at the store's door, under a run's fault injector (CONTRACT §6
// `storage.protectedData.unavailable`). While the device's protected data is unavailable (the runtime tells the
// store, `SnapshotStore.protectedData(isAvailable:)`), each save draws the point and, when it fires, fails as the
// file of complete protection would: EPERM, nothing written. Only iOS has the point: Android profiles never deliver
// the protected-data callbacks, so the store is never told it is locked there.

import Faults
import Saves

/// A snapshot store behind the device's data protection, whose refusals are `injector`'s.
public final class DataProtectedStore: SnapshotStore {
    public let inner: any SnapshotStore
    public let injector: FaultInjector
    /// The protected data is available (the device is unlocked, or was never locked).
    public private(set) var isAvailable = true

    public init(wrapping inner: any SnapshotStore, injector: FaultInjector) {
        self.inner = inner
        self.injector = injector
    }

    public func save(_ bytes: [UInt8]) throws {
        if !isAvailable, injector.fires(.protectedDataUnavailable) { throw ProtectedDataUnavailable() }
        try inner.save(bytes)
    }

    public func protectedData(isAvailable: Bool) {
        self.isAvailable = isAvailable
        inner.protectedData(isAvailable: isAvailable)
    }

    public func load() throws -> [UInt8]? { try inner.load() }
    public func generations() throws -> [StoredGeneration] { try inner.generations() }
    public func quarantine(_ name: String) throws -> String { try inner.quarantine(name) }
    public func flush() throws { try inner.flush() }
    public func restoreMark() throws -> [UInt8]? { try inner.restoreMark() }
    public func setRestoreMark(_ bytes: [UInt8]?) throws { try inner.setRestoreMark(bytes) }
    public var savesAreDurable: Bool { inner.savesAreDurable }
}

/// iOS data protection refused a save (`storage.protectedData.unavailable`): the file of complete protection cannot
/// be opened while the locked device's protected data is unavailable.
public struct ProtectedDataUnavailable: Error, CustomStringConvertible {
    public init() {}
    public var description: String { "EPERM: the device is locked and its protected data is unavailable" }
}
