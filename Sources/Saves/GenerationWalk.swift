// GenerationWalk: how a launch falls back through the stored generations, newest first (CONTRACT §10). The first
// one that decodes is restored; every other one is still decoded, so that a damaged older generation is set aside
// too (before a later save would replace it). A bad generation is moved aside, never deleted, and the report names
// its place (`file:line:column: kind: message`). After a crash the crash guard's mark reports, every generation
// that decodes is set aside as well: the one before is the same game seconds earlier, as likely to crash again.

/// What a launch's walk through the stored generations found.
public struct GenerationWalk: Sendable {
    /// The generation restored (its name in the store) and what restoring it said, or nil when none was.
    public var restored: (name: String, detail: String)?
    /// A line per generation set aside, newest first.
    public var problems: [String] = []
    /// Generations were set aside because the app crashed after the last restore (a mark with `crashed`).
    public var crashed = false

    /// Walks `stored` (newest first, as `SnapshotStore.generations` gives them): each is decoded by `decode`; the
    /// first that decodes is handed to `restore` (unless `mark` reports a crash), each other bad one set aside in
    /// `store`. `proofSeconds` is how long a restored game must have played to prove itself (for the report).
    public init<Snapshot>(
        _ stored: [StoredGeneration], in store: any SnapshotStore, mark: RestoreMark?, proofSeconds: Int64,
        decode: ([UInt8]) throws(SnapshotDecodeError) -> Snapshot, restore: (Snapshot) -> String
    ) {
        for generation in stored {
            do throws(SnapshotDecodeError) {
                let snapshot = try decode(try generation.bytes())
                if let mark, let crash = mark.crash {
                    crashed = true
                    let why =
                        "the app crashed (\(crash)) before the game restored from generation \(mark.generation) had "
                        + "played \(proofSeconds) seconds"
                    problems.append(
                        store.setAside(generation.name, because: SnapshotDecodeError(.crashed, line: 0, message: why)))
                } else if restored == nil {
                    restored = (generation.name, restore(snapshot))
                }
            } catch {
                problems.append(store.setAside(generation.name, because: error))
            }
        }
    }
}

extension StoredGeneration {
    /// The generation's bytes, or why they could not be read, as a decode error of the whole file.
    public func bytes() throws(SnapshotDecodeError) -> [UInt8] {
        switch contents {
        case .success(let bytes): return bytes
        case .failure(let error):
            throw SnapshotDecodeError(error.isTooLarge ? .tooLarge : .unreadable, line: 0, message: "\(error)")
        }
    }
}

extension SnapshotStore {
    /// Moves a bad generation aside; returns what happened, naming the place (`file:line:column: kind: message`).
    public func setAside(_ name: String, because error: SnapshotDecodeError) -> String {
        let place = error.line == 0 ? name : "\(name):\(error.line):\(error.column == 0 ? 1 : error.column)"
        do {
            return "\(place): \(error.kind): \(error.message) (kept as \(try quarantine(name)))"
        } catch let moveError {
            return "\(place): \(error.kind): \(error.message) (could not be moved aside: \(moveError); left in place)"
        }
    }
}
