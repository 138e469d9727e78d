// DataProtectedStore: iOS data protection at the store's door, under a run's fault injector (CONTRACT §6
// `storage.protectedData.unavailable`). While the device's protected data is unavailable (the runtime tells the
// store, `SnapshotStore.protectedData(isAvailable:)`), each save draws the point and, when it fires, fails as the
// file of complete protection would: EPERM, nothing written. Only iOS has the point: Android profiles never deliver
// the protected-data callbacks, so the store is never told it is locked there.

import Faults
import Saves

/// A snapshot store behind the device's data protection, whose refusals are `injector`'s.
public final class DataProtectedStore: ForwardingSnapshotStore {
    public let backing: any SnapshotStore
    public let injector: FaultInjector
    /// The protected data is available (the device is unlocked, or was never locked).
    public private(set) var isAvailable = true

    public init(wrapping backing: any SnapshotStore, injector: FaultInjector) {
        self.backing = backing
        self.injector = injector
    }

    public func save(_ bytes: [UInt8]) throws {
        if !isAvailable, injector.fires(.protectedDataUnavailable) { throw ProtectedDataUnavailable() }
        try backing.save(bytes)
    }

    public func protectedData(isAvailable: Bool) {
        self.isAvailable = isAvailable
        backing.protectedData(isAvailable: isAvailable)
    }
}

/// iOS data protection refused a save (`storage.protectedData.unavailable`): the file of complete protection cannot
/// be opened while the locked device's protected data is unavailable.
public struct ProtectedDataUnavailable: Error, CustomStringConvertible {
    public init() {}
    public var description: String { "EPERM: the device is locked and its protected data is unavailable" }
}
