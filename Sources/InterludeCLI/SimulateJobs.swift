// SimulateJobs: `interlude simulate --jobs N` runs its (profile, seed) runs on N threads of this process. A run shares
// no mutable state with another: each makes its own game, runtime, fault injector, schedule and store in a disk folder
// of its own (the only process-wide state the store touches, the crash guard's signal handler, is locked and only
// says which file a real crash appends to). A run's outcome depends on its seed alone, so the outcomes, put back in
// run order, are the same for any N; only the order of the per-run console lines follows completion.

import Foundation

/// Runs numbered jobs on threads, hands back their outcomes in number order.
enum SimulateJobs {
    /// `body(0) ... body(count - 1)` on `threads` threads (at least 1), each job once; the outcomes in job order.
    /// After a job throws, no new job starts, and the first error is rethrown once the running ones end.
    static func run<Outcome: Sendable>(
        _ count: Int, threads: Int, _ body: @escaping @Sendable (Int) throws -> Outcome
    ) throws -> [Outcome] {
        let board = Board<Outcome>(count)
        let done = DispatchGroup()
        for _ in 0..<max(1, min(threads, count)) {
            done.enter()
            let thread = Thread {
                while let index = board.take() {
                    do { board.put(index, try body(index)) } catch { board.fail(error) }
                }
                done.leave()
            }
            // The main thread's usual 8 MiB: a run must not depend on the thread it runs on.
            thread.stackSize = 8 << 20
            thread.start()
        }
        done.wait()
        return try board.outcomes()
    }

    /// The jobs still to take and the outcomes so far, behind a lock.
    private final class Board<Outcome: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var next = 0
        private var results: [Outcome?]
        private var error: (any Error)?

        init(_ count: Int) { results = Array(repeating: nil, count: count) }

        /// The next job's number, or nil when none is left (or one failed).
        func take() -> Int? {
            lock.withLock {
                guard error == nil, next < results.count else { return nil }
                next += 1
                return next - 1
            }
        }

        func put(_ index: Int, _ outcome: Outcome) { lock.withLock { results[index] = outcome } }

        func fail(_ failure: any Error) { lock.withLock { error = error ?? failure } }

        func outcomes() throws -> [Outcome] {
            try lock.withLock {
                if let error { throw error }
                return results.map { $0! }
            }
        }
    }
}
