// LeaderboardStore+GroupCommit: many submissions share one write transaction, so one fsync. A submission waits in
// `pending`; the first to find no batch under way starts one, which takes everything waiting (at most `batchLimit`),
// applies each in its own savepoint (one failing rolls back alone) and commits; only then are the answers given,
// so a submission is acknowledged only once durable. While a batch commits, the next one gathers.

import GRDB
import Synchronization

/// Submissions waiting for the next transaction.
final class GroupCommitter: Sendable {
    private struct Waiting {
        let submission: Submission
        let continuation: CheckedContinuation<SubmissionOutcome, any Error>
    }
    private struct State {
        var pending: [Waiting] = []
        var isCommitting = false
    }

    /// The most submissions in one transaction.
    static let batchLimit = 512

    private let writer: any DatabaseWriter
    private let clock: @Sendable () -> Double
    private let keyLifetime: Double
    private let state = Mutex(State())
    /// Transactions committed and submissions in them, for the benchmark's report.
    let counts = Mutex<(transactions: Int, submissions: Int)>((0, 0))

    init(writer: any DatabaseWriter, clock: @escaping @Sendable () -> Double, keyLifetime: Double) {
        self.writer = writer
        self.clock = clock
        self.keyLifetime = keyLifetime
    }

    /// Applies `submission` in the next transaction; returns once that transaction has committed.
    func submit(_ submission: Submission) async throws -> SubmissionOutcome {
        try await withCheckedThrowingContinuation { continuation in
            let starts = state.withLock { state -> Bool in
                state.pending.append(Waiting(submission: submission, continuation: continuation))
                guard !state.isCommitting else { return false }
                state.isCommitting = true
                return true
            }
            if starts { Task.detached { await self.commitWhilePending() } }
        }
    }

    private func commitWhilePending() async {
        while true {
            let batch = state.withLock { state -> [Waiting] in
                let batch = Array(state.pending.prefix(Self.batchLimit))
                state.pending.removeFirst(batch.count)
                if batch.isEmpty { state.isCommitting = false }
                return batch
            }
            guard !batch.isEmpty else { return }
            await commit(batch)
        }
    }

    private func commit(_ batch: [Waiting]) async {
        let (now, lifetime) = (clock(), keyLifetime)
        let submissions = batch.map(\.submission)
        do {
            let results = try await writer.write { db -> [Result<SubmissionOutcome, any Error>] in
                submissions.map { submission in
                    Result {
                        var outcome = SubmissionOutcome.unauthorized
                        try db.inSavepoint {
                            outcome = try submission.apply(db, now: now, keyLifetime: lifetime)
                            return .commit
                        }
                        return outcome
                    }
                }
            }
            counts.withLock {
                $0.transactions += 1
                $0.submissions += batch.count
            }
            for (waiting, result) in zip(batch, results) { waiting.continuation.resume(with: result) }
        } catch {
            for waiting in batch { waiting.continuation.resume(throwing: error) }
        }
    }
}
