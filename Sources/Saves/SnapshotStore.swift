// SnapshotStore: the saves' port, where a runtime keeps its snapshots and its crash guard's mark, with the in-memory
// version tests and replays use. The real ones are Storage's (`FileSnapshotStore`, `BackgroundSnapshotStore`).

/// Where snapshots are kept. `FileSnapshotStore` (Services) writes them atomically to disk and keeps the previous
/// generation; `BackgroundSnapshotStore` (Services) does the writing off the frame loop.
public protocol SnapshotStore: AnyObject {
    /// Replaces the stored snapshot with `bytes`, keeping the one it replaces as the previous generation; when this
    /// returns, `load` gives `bytes` (the write itself may still be under way: see `flush`).
    func save(_ bytes: [UInt8]) throws
    /// The newest snapshot's bytes, or nil when there is none.
    func load() throws -> [UInt8]?
    /// Every stored generation, newest first (the current one, then the previous one): what a launch falls back
    /// through. A generation that could not be read (too large, unreadable) carries why instead of bytes.
    func generations() throws -> [StoredGeneration]
    /// Moves the generation `name` aside for inspection, never deleting it; returns the name it is kept under.
    func quarantine(_ name: String) throws -> String
    /// Returns once every saved snapshot is durable (on disk, fsynced). Stores that write synchronously return at once.
    func flush() throws
    /// The crash guard's mark, kept beside the snapshots across launches (nil: none). The runtime writes it,
    /// durably, before it restores a game and removes it once the restored game has proved itself; a mark found
    /// at launch means the process died before that (`Runtime+CrashGuard.swift`).
    func restoreMark() throws -> [UInt8]?
    /// Writes the mark durably (before this returns), or removes it when `bytes` is nil (durability not needed).
    func setRestoreMark(_ bytes: [UInt8]?) throws
    /// True when a save is durable as soon as `save` returns (a synchronous store, the default); false when it may
    /// still be under way until `flush` (`BackgroundSnapshotStore`). Invariant 9 counts a save durable by it.
    var savesAreDurable: Bool { get }
    /// Told when the device's protected data becomes unavailable (iOS data protection: the files of complete
    /// protection lock once the work of the event that delivered `protectedDataWillBecomeUnavailable` is done) and
    /// when it is available again. A store on a device without data protection ignores it (the default); a run's
    /// faults refuse saves while it is unavailable (Replay's `DataProtectedStore`).
    func protectedData(isAvailable: Bool)
}

extension SnapshotStore {
    /// Synchronous stores have nothing to wait for.
    public func flush() throws {}
    /// A store that keeps nothing across processes has no mark to find.
    public func restoreMark() throws -> [UInt8]? { nil }
    public func setRestoreMark(_ bytes: [UInt8]?) throws {}
    public var savesAreDurable: Bool { true }
    public func protectedData(isAvailable: Bool) {}
}

/// A store in front of another (`backing`) that passes on everything it does not change itself: a decorator
/// implements only what it changes (a journal of saves, saves refused while the device is locked) and no requirement
/// is forgotten, the defaulted ones (`flush`, the mark, `savesAreDurable`) included.
public protocol ForwardingSnapshotStore: SnapshotStore {
    /// The store it stands in front of.
    var backing: any SnapshotStore { get }
}

extension ForwardingSnapshotStore {
    public func save(_ bytes: [UInt8]) throws { try backing.save(bytes) }
    public func load() throws -> [UInt8]? { try backing.load() }
    public func generations() throws -> [StoredGeneration] { try backing.generations() }
    public func quarantine(_ name: String) throws -> String { try backing.quarantine(name) }
    public func flush() throws { try backing.flush() }
    public func restoreMark() throws -> [UInt8]? { try backing.restoreMark() }
    public func setRestoreMark(_ bytes: [UInt8]?) throws { try backing.setRestoreMark(bytes) }
    public var savesAreDurable: Bool { backing.savesAreDurable }
    public func protectedData(isAvailable: Bool) { backing.protectedData(isAvailable: isAvailable) }
}

/// One stored generation of the snapshot: its name in the store (e.g. `snapshot.txt`) and its bytes, or why they
/// could not be read.
public struct StoredGeneration: Hashable, Sendable {
    public let name: String
    public let contents: Result<[UInt8], StoredGenerationError>

    public init(name: String, contents: Result<[UInt8], StoredGenerationError>) {
        self.name = name
        self.contents = contents
    }
}

/// Why a stored generation could not be read: larger than a snapshot can be (refused before reading), or the file
/// system refused (permissions, not a regular file, I/O error).
public struct StoredGenerationError: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String
    public let isTooLarge: Bool

    public init(_ description: String, isTooLarge: Bool = false) {
        self.description = description
        self.isTooLarge = isTooLarge
    }
}

/// Keeps snapshots in memory: the "disk" of a replay, which survives the app's termination and relaunch. Keeps the
/// previous generation and quarantined ones, as the file store does.
public final class InMemorySnapshotStore: SnapshotStore {
    public private(set) var bytes: [UInt8]?  // the current generation
    public private(set) var previous: [UInt8]?  // the generation before it
    public private(set) var quarantined: [(name: String, bytes: [UInt8])] = []
    public private(set) var saveCount = 0
    public private(set) var mark: [UInt8]?  // the crash guard's mark

    /// A store holding `bytes` as the current generation and `previous` before it (to start from damaged ones).
    public init(bytes: [UInt8]? = nil, previous: [UInt8]? = nil) {
        self.bytes = bytes
        self.previous = previous
    }

    public func save(_ bytes: [UInt8]) throws {
        if let current = self.bytes { previous = current }
        self.bytes = bytes
        saveCount += 1
    }

    public func load() throws -> [UInt8]? { bytes ?? previous }

    public func restoreMark() throws -> [UInt8]? { mark }
    public func setRestoreMark(_ bytes: [UInt8]?) throws { mark = bytes }

    public func generations() throws -> [StoredGeneration] {
        var found: [StoredGeneration] = []
        if let bytes { found.append(StoredGeneration(name: Self.currentName, contents: .success(bytes))) }
        if let previous { found.append(StoredGeneration(name: Self.previousName, contents: .success(previous))) }
        return found
    }

    public func quarantine(_ name: String) throws -> String {
        let keptAs = "snapshot.damaged-\(quarantined.count + 1).txt"
        switch name {
        case Self.currentName:
            quarantined.append((keptAs, bytes ?? []))
            bytes = nil
        case Self.previousName:
            quarantined.append((keptAs, previous ?? []))
            previous = nil
        default:
            throw StoredGenerationError("no generation named \(name)")
        }
        return keptAs
    }

    static let currentName = "snapshot.txt"
    static let previousName = "snapshot.previous.txt"
}
