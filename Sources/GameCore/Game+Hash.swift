// Game+Hash: `stateHash`, over every gameplay value in a fixed order (menu animation and notices excluded): the
// walk of GameState+Fields.swift, the same list the snapshot saves.

import Lifecycle
import Runtime
import Saves

extension Game {
    /// A hash of everything gameplay depends on, 16 hex digits: the screen's name, then every value of
    /// `GameState.walk` as its 8 little-endian bytes (a control not held as 0; `inSession`, derived, left out).
    public var stateHash: String {
        var hasher = StateHasher()
        state.walk { _, _, _, value, kind in
            switch kind {
            case .screen(let screen): hasher.combine(screen.rawValue)
            case .derived: break
            case .value, .notHeld: hasher.combine(value)
            }
        }
        for peer in state.peers {  // none outside a match: the hashes of other sessions are unchanged
            hasher.combine(peer.name)
            for number in [peer.pose.x, peer.pose.z, peer.pose.yaw] { hasher.combine(number) }
            hasher.combine(Int64(peer.pose.health))
            hasher.combine(peer.flash)
        }
        return hasher.hex
    }
}
