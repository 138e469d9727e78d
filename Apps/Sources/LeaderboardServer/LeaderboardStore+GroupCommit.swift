// LeaderboardStore+GroupCommit: many submissions share one write transaction, so one fsync. A submission waits in
// `pending`; the first to find no batch under way starts one, which takes everything waiting (at most `batchLimit`),
// applies them (one failing rolls back alone: see `apply`) and commits; only then are the answers given,
// so a submission is acknowledged only once durable. While a batch commits, the next one gathers.

import Foundation
import GRDB
import Synchronization

/// Submissions waiting for the next transaction, and the thread that commits them. The thread is started by the
/// first submission, gathers whatever waits, commits, answers, and goes on while submissions come; it ends after a
/// second with nothing to do (so that a store nobody uses holds no thread). It calls GRDB synchronously: no hop
/// through Swift concurrency's pool between two transactions, so the next batch starts as soon as one commits.
final class GroupCommitter: @unchecked Sendable {  // `pending`, `isRunning` guarded by `condition`; see `owners`
    private struct Waiting {
        let submission: Submission
        let continuation: CheckedContinuation<SubmissionOutcome, any Error>
    }

    /// The most submissions in one transaction.
    static let batchLimit = 512
    /// Seconds the committing thread waits for work before it ends.
    static let lingerSeconds = 1.0

    private let writer: any DatabaseWriter
    private let clock: @Sendable () -> Double
    private let keyLifetime: Double
    private let condition = NSCondition()
    private var pending: [Waiting] = []
    private var isRunning = false
    /// Whose token is whose, learnt by the committing thread (only it reads or writes this).
    private var owners = TokenOwners()
    /// Transactions committed and submissions in them, for the benchmark's report.
    let counts = Mutex<(transactions: Int, submissions: Int)>((0, 0))

    /// Commits between two checkpoints (the log's pages copied into the database file), run on `checkpointer`.
    static let commitsPerCheckpoint = 16
    /// Pages in the log (4 KB each) past which a checkpoint also restarts it.
    static let restartFrames = 4_096
    /// A connection of its own that copies the write-ahead log into the database, in the background (nil in memory).
    private let checkpointer: DatabaseQueue?
    private let checkpointQueue = DispatchQueue(label: "leaderboard-checkpoint", qos: .utility)
    private let isCheckpointing = Atomic<Bool>(false)
    private var commitsSinceCheckpoint = 0  // the committing thread's

    init(
        writer: any DatabaseWriter, checkpointer: DatabaseQueue? = nil, clock: @escaping @Sendable () -> Double,
        keyLifetime: Double
    ) {
        self.writer = writer
        self.checkpointer = checkpointer
        self.clock = clock
        self.keyLifetime = keyLifetime
    }

    /// Applies `submission` in the next transaction; returns once that transaction has committed.
    func submit(_ submission: Submission) async throws -> SubmissionOutcome {
        try await withCheckedThrowingContinuation { continuation in
            condition.lock()
            pending.append(Waiting(submission: submission, continuation: continuation))
            let starts = !isRunning
            isRunning = true
            condition.signal()
            condition.unlock()
            if starts {
                let thread = Thread { self.commitWhilePending() }
                thread.name = "leaderboard-commit"
                thread.start()
            }
        }
    }

    private func commitWhilePending() {
        while let batch = nextBatch() {
            commit(batch)
            commitsSinceCheckpoint += 1
            if commitsSinceCheckpoint >= Self.commitsPerCheckpoint { checkpointInBackground() }
        }
    }

    /// A checkpoint unless one is under way: first passive (it waits for no reader or writer: commits go on while it
    /// copies), then, once the log holds `restartFrames` pages, a RESTART for what was committed meanwhile (a short
    /// wait for the writer), after which the next commit writes the log from its start again. Passive alone never
    /// catches up with commits that keep coming, and the log grew without bound (48 MB after 11,000 submissions).
    private func checkpointInBackground() {
        guard let checkpointer,
            isCheckpointing.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
        else { return }
        commitsSinceCheckpoint = 0
        checkpointQueue.async {
            _ = try? checkpointer.writeWithoutTransaction { db in
                let (frames, _) = try db.checkpoint(.passive)
                if frames >= Self.restartFrames { _ = try db.checkpoint(.restart) }
            }
            self.isCheckpointing.store(false, ordering: .releasing)
        }
    }

    /// What waits (at most `batchLimit`), after waiting for it at most `lingerSeconds`; nil when nothing came: the
    /// thread then checkpoints what it committed and is marked gone, both under the lock, so that a thread started
    /// after it never shares its state (`commitsSinceCheckpoint`, `owners`) with it.
    private func nextBatch() -> [Waiting]? {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: Self.lingerSeconds)
        while pending.isEmpty {
            if !condition.wait(until: deadline), pending.isEmpty {
                if commitsSinceCheckpoint > 0 { checkpointInBackground() }
                isRunning = false
                return nil
            }
        }
        let batch = Array(pending.prefix(Self.batchLimit))
        pending.removeFirst(batch.count)
        return batch
    }

    private func commit(_ batch: [Waiting]) {
        let (now, lifetime) = (clock(), keyLifetime)
        let submissions = batch.map(\.submission)
        do {
            var owners = self.owners
            let results = try Self.apply(submissions, writer, now: now, keyLifetime: lifetime, owners: &owners)
            self.owners = owners
            counts.withLock {
                $0.transactions += 1
                $0.submissions += batch.count
            }
            for (waiting, result) in zip(batch, results) { waiting.continuation.resume(with: result) }
        } catch {
            for waiting in batch { waiting.continuation.resume(throwing: error) }
        }
    }

    /// Applies every submission in one transaction. If one throws (an SQLite error, not a refusal: those are
    /// outcomes), that transaction is rolled back and a second one applies each in a savepoint of its own, so that
    /// only the failing one fails. Not a savepoint around the batch in the first place: a savepoint inside a
    /// transaction makes SQLite copy each page it changes into a statement journal (a temporary file created and
    /// deleted each time), a third of the writes of a transaction; rolling a WAL transaction back costs nothing.
    private static func apply(
        _ submissions: [Submission], _ writer: any DatabaseWriter, now: Double, keyLifetime: Double,
        owners: inout TokenOwners
    ) throws -> [Result<SubmissionOutcome, any Error>] {
        /// One transaction: the key sweep, then each submission; `isolated`: each in a savepoint of its own, its
        /// error its result, else the first error rolls the whole transaction back.
        func transaction(isolated: Bool) throws -> [Result<SubmissionOutcome, any Error>] {
            try writer.write { db in
                try Submission.sweepExpiredKeys(
                    db, now: now, keyLifetime: keyLifetime, limit: max(Submission.sweepLimit, 2 * submissions.count))
                let statements = try SubmissionStatements(db)
                return try submissions.map { submission in
                    func apply() throws -> SubmissionOutcome {
                        try submission.apply(db, statements, now: now, keyLifetime: keyLifetime, owners: &owners)
                    }
                    guard isolated else { return .success(try apply()) }
                    return Result {
                        var outcome = SubmissionOutcome.unauthorized
                        try db.inSavepoint {
                            outcome = try apply()
                            return .commit
                        }
                        return outcome
                    }
                }
            }
        }
        do {
            return try transaction(isolated: false)
        } catch {
            return try transaction(isolated: true)
        }
    }
}
