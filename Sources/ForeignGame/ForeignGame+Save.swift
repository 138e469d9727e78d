// ForeignGame+Save: a C game's saves and restores, and the restore check. A save is the library's bytes with the
// host's steps and status beside them (ForeignSave). Before the runtime restores a save, the save is restored in a
// scratch game of a fresh launch (`whyCannotRestore`): refused bytes are refused with the library's reason, and a
// save made while paused (or outside a session) must come back byte for byte: the scratch game's next save equals
// it, or the restore lost something (Docs/Contract.md §11, "the restore check").

import CInterludeGame
import Replay
import Runtime
import Saves

extension ForeignGame {
    public var savedState: ForeignSave { ForeignSave(steps: steps, status: status, bytes: instance.save()) }

    public func encodeState(_ state: ForeignSave) -> [UInt8] { state.encoded }

    public func decodeState(_ bytes: [UInt8]) throws(SnapshotDecodeError) -> ForeignSave {
        try ForeignSave.decode(bytes)
    }

    /// The game's values as a scratch game restored from `state` exports them, and the host's `steps`.
    public func stateValues(_ state: ForeignSave) -> [String: Int64] {
        var values = (try? scratch(restoring: state))?.instance.values() ?? [:]
        values["steps"] = state.steps
        return values
    }

    public func whyCannotRestore(_ state: ForeignSave) -> String? {
        do {
            _ = try scratch(restoring: state)
            return nil
        } catch {
            return error.message
        }
    }

    public mutating func restore(_ state: ForeignSave) -> Restored {
        makeUnique()
        if let why = instance.restore(state.bytes) { return .noSession(detail: "interlude_restore refused: \(why)") }
        steps = state.steps
        reports = []
        let name = screenName
        return isInSession ? .session(detail: "restored \(name), paused") : .noSession(detail: "restored \(name)")
    }

    /// Why a restore would fail: the library's reason, or what the restore check found.
    struct RestoreProblem: Error {
        let message: String
    }

    /// A game of a fresh launch restored from `state`, checked; throws what is wrong.
    func scratch(restoring state: ForeignSave) throws(RestoreProblem) -> ForeignGame {
        var game: ForeignGame
        do {
            game = try ForeignGame(library: library.reloaded(), seed: seed)
        } catch {
            throw RestoreProblem(message: "\(error)")
        }
        if let why = game.instance.restore(state.bytes) {
            throw RestoreProblem(message: "interlude_restore refused: \(why)")
        }
        let after = game.status
        let saved = state.status & (ForeignStatus.inSession | ForeignStatus.paused)
        if saved & ForeignStatus.inSession != 0, after & (ForeignStatus.paused | ForeignStatus.over) == 0 {
            throw RestoreProblem(
                message: "interlude_restore: a restored session must come back paused or over (status \(after))")
        }
        guard saved != ForeignStatus.inSession else { return game }  // saved running: it comes back paused
        let again = game.instance.save()
        if again != state.bytes {
            throw RestoreProblem(
                message: "interlude_restore lost part of the save: " + Self.difference(state.bytes, again))
        }
        return game
    }

    /// Where two saves first differ: "the next save differs at byte 17 of 64 (0x03 saved, 0x00 after the restore)".
    static func difference(_ saved: [UInt8], _ again: [UInt8]) -> String {
        let common = zip(saved, again).prefix { $0 == $1 }.count
        guard common < min(saved.count, again.count) else {
            return "the next save has \(again.count) bytes, the restored one \(saved.count)"
        }
        func hex(_ byte: UInt8) -> String {
            byte < 16 ? "0x0" + String(byte, radix: 16) : "0x" + String(byte, radix: 16)
        }
        return "the next save differs at byte \(common) of \(saved.count) (\(hex(saved[common])) saved, "
            + "\(hex(again[common])) after the restore)"
    }
}

extension ForeignGame {
    /// One game object in one launch of the library; destroyed with the last copy that holds it.
    ///
    /// A relaunch's instance is loaded at its first use (`init(launching:seed:)`), once the runtime has let the old
    /// launch go: launches then end in the order they began, and glibc takes back each one's static TLS block (it
    /// reclaims only the block at the end of its static TLS area, so overlapping launches would run it out).
    final class Instance: @unchecked Sendable {  // used on the runtime's one thread only (the ABI's rule)
        let path: String
        let seed: UInt64
        // Read at every call into the library: unchecked, as the ABI's one thread makes exclusivity hold anyway.
        @exclusivity(unchecked) private var loaded: (library: GameLibrary, game: OpaquePointer)?

        init(library: GameLibrary, game: OpaquePointer, seed: UInt64) {
            path = library.path
            self.seed = seed
            loaded = (library, game)
        }

        /// A launch of the library at `path` with a game of `seed`, loaded when first used.
        init(launching path: String, seed: UInt64) {
            self.path = path
            self.seed = seed
        }

        deinit {
            if let (library, game) = loaded { library.call("interlude_destroy") { library.api.destroy(game) } }
        }

        var library: GameLibrary { load().library }
        var game: OpaquePointer { load().game }

        /// The launch, loaded now if it was not: a library that no longer loads ends the process (it loaded when
        /// the command began; Contract §11).
        private func load() -> (library: GameLibrary, game: OpaquePointer) {
            if let loaded { return loaded }
            do {
                let library = try GameLibrary(path: path)
                guard let game = library.createGame(seed: seed) else {
                    library.fail("interlude_create", "returned NULL")
                }
                loaded = (library, game)
                return (library, game)
            } catch {
                ForeignCrashReport.die("error: \(error) (launching)")
            }
        }

        /// Calls `function` on this game: `body` gets the library (its `api`) and the game.
        @inline(__always)
        func call<Result>(_ function: StaticString, _ body: (GameLibrary, OpaquePointer) -> Result) -> Result {
            let (library, game) = load()
            return library.call(function) { body(library, game) }
        }

        /// `interlude_perform`: nil when done, else the library's reason.
        func perform(_ action: ForeignAction) -> String? {
            var reason = [CChar](repeating: 0, count: Self.reasonSize)
            let size = reason.count
            let result = action.word.withCString { word in
                action.arguments.withCString { arguments in
                    call("interlude_perform") { $0.api.perform($1, word, arguments, &reason, size) }
                }
            }
            return result == 0 ? nil : reasonText(reason, function: "interlude_perform")
        }

        /// `interlude_save`'s bytes, checked.
        func save() -> [UInt8] {
            var size = 0
            guard let bytes = call("interlude_save", { $0.api.save($1, &size) }) else {
                library.fail("interlude_save", "returned NULL")
            }
            guard size >= 0, size <= GameLibrary.saveLimit else {
                library.fail(
                    "interlude_save", "returned \(size) bytes; at most \(GameLibrary.saveLimit) (INTERLUDE_SAVE_MAX)")
            }
            return Array(UnsafeBufferPointer(start: bytes, count: size))
        }

        /// `interlude_restore`: nil when restored, else the library's reason.
        func restore(_ bytes: [UInt8]) -> String? {
            var reason = [CChar](repeating: 0, count: Self.reasonSize)
            let size = reason.count
            let result = bytes.withUnsafeBufferPointer { buffer in
                call("interlude_restore") { $0.api.restore($1, buffer.baseAddress, buffer.count, &reason, size) }
            }
            return result == 0 ? nil : reasonText(reason, function: "interlude_restore")
        }

        /// `interlude_values`, checked: names are words of letters, digits, `_` and `.`, each once.
        func values() -> [String: Int64] {
            var capacity: UInt32 = 16
            while true {
                var buffer = [interlude_value](repeating: interlude_value(name: nil, value: 0), count: Int(capacity))
                let count = call("interlude_values") { $0.api.values($1, &buffer, capacity) }
                guard count > capacity else { return named(Array(buffer.prefix(Int(count)))) }
                guard count <= 1024 else { library.fail("interlude_values", "returned \(count) values; at most 1024") }
                capacity = count
            }
        }

        private func named(_ values: [interlude_value]) -> [String: Int64] {
            var named: [String: Int64] = [:]
            for (index, value) in values.enumerated() {
                // A name `expect game` can spell: Replay's rule for a key.
                guard let pointer = value.name,
                    let name = GameLibrary.boundedText(pointer, limit: GameLibrary.wordLimit), Identifier.isKey(name)
                else {
                    library.fail(
                        "interlude_values",
                        "value \(index) has no name of letters, digits, _ and . (at most \(GameLibrary.wordLimit) bytes)"
                    )
                }
                guard named.updateValue(value.value, forKey: name) == nil else {
                    library.fail("interlude_values", "value '\(name)' is listed twice")
                }
            }
            return named
        }

        /// A copy of this game in the same launch: saved, then restored into a new game of the same seed.
        func clone() -> Instance {
            guard let copy = library.createGame(seed: seed) else { library.fail("interlude_create", "returned NULL") }
            let clone = Instance(library: library, game: copy, seed: seed)
            if let why = clone.restore(save()) { library.fail("interlude_restore", "refused its own save: \(why)") }
            // A restore pauses a session; the copy of a running one runs on.
            let running =
                call("interlude_status") { $0.api.status($1) } & ForeignStatus.known == ForeignStatus.inSession
            if running { clone.call("interlude_resume") { $0.api.resume($1) } }
            return clone
        }

        static let reasonSize = 256

        /// The reason a library wrote: up to its first NUL (or the buffer's end), as UTF-8 with bad bytes replaced.
        private func reasonText(_ reason: [CChar], function: StaticString) -> String {
            let bytes = reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            let text = String(decoding: bytes, as: UTF8.self)
            return text.isEmpty ? "\(function) refused without a reason" : text
        }
    }
}
