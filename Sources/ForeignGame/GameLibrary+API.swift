// GameLibrary+API: the functions of interlude_game.h looked up in one loaded copy of a library, typed as C sees them.
// A required one missing is an error that names it; an optional one missing is nil.

import CInterludeGame
import Glibc

extension GameLibrary {
    /// The library's functions.
    struct API {
        typealias Game = OpaquePointer
        let abiVersion: @convention(c) () -> UInt32
        let actionCount: @convention(c) () -> UInt32
        let actionName: @convention(c) (UInt32) -> UnsafePointer<CChar>?
        let create: @convention(c) (UInt64) -> Game?
        let destroy: @convention(c) (Game?) -> Void
        let step: @convention(c) (Game?) -> Void
        let pause: @convention(c) (Game?) -> Void
        let resume: @convention(c) (Game?) -> Void
        let status: @convention(c) (Game?) -> UInt32
        typealias Perform =
            @convention(c) (Game?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafeMutablePointer<CChar>?, Int) ->
            Int32
        typealias Save = @convention(c) (Game?, UnsafeMutablePointer<Int>?) -> UnsafePointer<UInt8>?
        typealias Restore =
            @convention(c) (Game?, UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<CChar>?, Int) -> Int32
        typealias Values = @convention(c) (Game?, UnsafeMutablePointer<interlude_value>?, UInt32) -> UInt32
        let perform: Perform
        let save: Save
        let restore: Restore
        let stateHash: @convention(c) (Game?) -> UInt64
        let screenName: @convention(c) (Game?) -> UnsafePointer<CChar>?
        let values: Values
        let draw: (@convention(c) (Game?, UnsafePointer<interlude_frame>?) -> Int32)?
        let actionArguments: (@convention(c) (UInt32) -> UnsafePointer<CChar>?)?

        /// The required functions, in the header's order (a missing one is named).
        static let required = [
            "interlude_abi_version", "interlude_action_count", "interlude_action_name", "interlude_create",
            "interlude_destroy", "interlude_step", "interlude_pause", "interlude_resume", "interlude_status",
            "interlude_perform", "interlude_save", "interlude_restore", "interlude_state_hash",
            "interlude_screen_name", "interlude_values",
        ]

        init(handle: UnsafeMutableRawPointer, library: String) throws(GameLibraryError) {
            var found: [String: UnsafeMutableRawPointer] = [:]
            for name in Self.required {
                guard let symbol = dlsym(handle, name) else {
                    throw GameLibraryError(
                        .missingSymbol, library: library, function: name,
                        "not exported (ABI \(GameLibrary.hostVersion.major) requires it; is it `INTERLUDE_EXPORT`?)")
                }
                found[name] = symbol
            }
            func take<F>(_ name: String, as type: F.Type) -> F { unsafeBitCast(found[name]!, to: type) }
            abiVersion = take("interlude_abi_version", as: (@convention(c) () -> UInt32).self)
            actionCount = take("interlude_action_count", as: (@convention(c) () -> UInt32).self)
            actionName = take("interlude_action_name", as: (@convention(c) (UInt32) -> UnsafePointer<CChar>?).self)
            create = take("interlude_create", as: (@convention(c) (UInt64) -> Game?).self)
            destroy = take("interlude_destroy", as: (@convention(c) (Game?) -> Void).self)
            step = take("interlude_step", as: (@convention(c) (Game?) -> Void).self)
            pause = take("interlude_pause", as: (@convention(c) (Game?) -> Void).self)
            resume = take("interlude_resume", as: (@convention(c) (Game?) -> Void).self)
            status = take("interlude_status", as: (@convention(c) (Game?) -> UInt32).self)
            perform = take("interlude_perform", as: Perform.self)
            save = take("interlude_save", as: Save.self)
            restore = take("interlude_restore", as: Restore.self)
            stateHash = take("interlude_state_hash", as: (@convention(c) (Game?) -> UInt64).self)
            screenName = take("interlude_screen_name", as: (@convention(c) (Game?) -> UnsafePointer<CChar>?).self)
            values = take("interlude_values", as: Values.self)
            actionArguments = dlsym(handle, "interlude_action_arguments").map {
                unsafeBitCast($0, to: (@convention(c) (UInt32) -> UnsafePointer<CChar>?).self)
            }
            draw = dlsym(handle, "interlude_draw").map {
                unsafeBitCast($0, to: (@convention(c) (Game?, UnsafePointer<interlude_frame>?) -> Int32).self)
            }
        }
    }
}
