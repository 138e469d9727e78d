// ProcessTuning: process-wide settings a long-running game process needs on Linux. glibc raises its mmap threshold
// each time a large mmapped block is freed (up to 32 MiB), after which frame-sized blocks (a 640x360 RGBA read-back
// is 0.9 MiB; llvmpipe re-allocates its colour and depth buffers at every surface release and restore) come from the
// main heap, which fragments and never shrinks: `interlude-bench memory` measured about 0.95 MiB of RSS more per
// background/foreground cycle with the default, flat with the threshold fixed at 128 KiB.

import CMalloc

#if canImport(Glibc)
    import Glibc
#endif

/// Process-wide tuning, called once at the start of the executables.
public enum ProcessTuning {
    /// Keeps blocks of 128 KiB and more in their own mappings, returned to the system when freed (glibc's
    /// M_MMAP_THRESHOLD, fixed: no dynamic raise). `INTERLUDE_MALLOC=default` leaves glibc's default (for the memory
    /// benchmark's before/after comparison). Returns whether the setting was applied.
    @discardableResult
    public static func keepLargeBlocksMapped() -> Bool {
        #if canImport(Glibc)
            if let value = getenv("INTERLUDE_MALLOC"), String(cString: value) == "default" { return false }
            return mallopt(M_MMAP_THRESHOLD, 128 * 1024) == 1
        #else
            return false
        #endif
    }
}
