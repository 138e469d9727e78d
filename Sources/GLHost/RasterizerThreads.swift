// RasterizerThreads: the rasteriser threads Mesa's llvmpipe gets in this process (`LP_NUM_THREADS`, read once, when
// the process's first GL context is made). Both hosts ask for none unless the user chose a count: with rasteriser
// threads, Mesa 22.3's llvmpipe can hang a frame for ever (issue 11, Docs/Replaying.md "The hang of issue 11"); on
// the rasteriser's own thread it cannot. The pixels are the same for any count; the cost is measured in that section.

import Glibc

/// llvmpipe's rasteriser threads for this process, chosen before its first GL context.
public enum RasterizerThreads {
    /// The environment variable llvmpipe reads when it makes its screen (ignored by every other driver).
    public static let variable = "LP_NUM_THREADS"

    /// Asks llvmpipe for no rasteriser threads (`LP_NUM_THREADS=0`) unless the variable is set: a user's count (such
    /// as `make probe`'s 2, or a replay child's share of the cores) is kept. Call before the process's first GL context
    /// (EGL display or GLFW): llvmpipe reads the variable once. Returns the count now asked for.
    @discardableResult
    public static func preferNone() -> String {
        // Like LIBGL_ALWAYS_SOFTWARE beside it: set on the GL thread before the driver is loaded, never overwritten.
        setenv(variable, "0", 0)
        return requested ?? "0"
    }

    /// The count asked of llvmpipe (`LP_NUM_THREADS`), nil when unset (llvmpipe then uses one per core).
    public static var requested: String? {
        getenv(variable).map { String(cString: $0) }
    }
}
