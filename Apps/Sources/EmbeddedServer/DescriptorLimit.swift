// DescriptorLimit: how many connections a server may hold open at once without `accept` failing with EMFILE: the
// process's soft descriptor limit less a reserve for everything else it opens (the database, logs, the listening
// socket, a child's pipes). Both servers lower their connection caps to it, so that a flood of connections makes
// the server stop accepting (the kernel's backlog holds the rest) rather than fail every `accept` and every file
// it opens.

import Foundation

public enum DescriptorLimit {
    /// Descriptors kept back for what is not a connection.
    public static let reserve = 64

    /// `cap`, lowered to the descriptor limit less `reserve` (at least 16).
    public static func connections(cap: Int) -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < rlim_t(Int32.max) else {
            return cap
        }
        return max(16, min(cap, Int(limit.rlim_cur) - reserve))
    }
}
