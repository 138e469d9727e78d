// LifecycleGame+Snapshot: a game's save as the runtime writes and reads it. The file is the runtime's frame
// (SnapshotFrame.swift: its version, its values, its checksum) around the game's own bytes (`encodeState`); a file
// in a format the game wrote before is read through the game's `decodeLegacySnapshot`. `expect snapshot` reads both
// sets of names, merged.

import Saves

extension LifecycleGame {
    /// No format of the game's own from before the runtime's frame.
    public func decodeLegacySnapshot(_ bytes: [UInt8]) throws(SnapshotDecodeError) -> SavedGame<SavedState>? { nil }

    /// The bytes of a snapshot: the runtime's `extras` and the game's `state` (`encodeState`) in the runtime's frame.
    public func encodeSnapshot(_ state: SavedState, extras: [String: Int64]) -> [UInt8] {
        SnapshotFrame.encode(runtime: extras, game: encodeState(state))
    }

    /// Reads a snapshot file: the runtime's frame (any version it reads), or a format of the game's from before it
    /// (`decodeLegacySnapshot`). Throws, naming the place in the file, for anything else; never traps.
    public func decodeSnapshot(_ bytes: [UInt8]) throws(SnapshotDecodeError) -> SavedGame<SavedState> {
        try SnapshotFrame.checkSize(bytes)
        if !SnapshotFrame.isFramed(bytes), let legacy = try decodeLegacySnapshot(bytes) { return legacy }
        let opened = try SnapshotFrame.open(bytes)
        do {
            return SavedGame(state: try decodeState(opened.game), extras: opened.runtime)
        } catch {
            throw opened.place(error)
        }
    }

    /// Every value of a snapshot by name, as `expect snapshot KEY=VALUE` reads them: the game's (`stateValues`) and
    /// the runtime's, the runtime's winning a clash.
    public func snapshotValues(_ saved: SavedGame<SavedState>) -> [String: Int64] {
        stateValues(saved.state).merging(saved.extras) { _, runtime in runtime }
    }
}

/// A game whose state is named integers needs no codec of its own: `key=integer` lines (`SnapshotText`).
extension LifecycleGame where SavedState == [String: Int64] {
    public func encodeState(_ state: [String: Int64]) -> [UInt8] { SnapshotText.encodeValues(state) }
    public func decodeState(_ bytes: [UInt8]) throws(SnapshotDecodeError) -> [String: Int64] {
        try SnapshotText.decodeValues(bytes)
    }
    public func stateValues(_ state: [String: Int64]) -> [String: Int64] { state }
}
