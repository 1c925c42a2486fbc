// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Logging
import SystemSupport

/// The queue and counters shared between submitting threads and the writer
/// thread, all guarded by one `ConditionLock`.
final class WriterState: @unchecked Sendable {
    struct QueuedWrite {
        var submission: UInt64
        var write: StoreWrite
        /// Handed to the observers once this write is committed.
        var notice: CommitNotice? = nil
    }

    typealias Task = @Sendable (Store) -> Void

    let configuration: StoreWriterConfiguration
    let logger: Logger
    let lock = ConditionLock()

    // Everything below is guarded by `lock`.
    /// The retention in force: the configuration's until `StoreWriter.setRetention` changes it.
    var retention: RetentionPolicy
    var queue: [QueuedWrite] = []
    var inFlightCount = 0
    /// Sheddable items in the batch being committed: if it fails they come
    /// back to the queue, where `trimToLimit` may drop them.
    var inFlightSheddableCount = 0
    var nextSubmission: UInt64 = 1
    var committedThrough: UInt64 = 0
    var commitSequence: UInt64 = 0
    /// Submissions up to this number are synced to stable storage.
    var syncedThrough: UInt64 = 0
    /// When the oldest commit not yet synced happened (monotonic ns).
    var unsyncedSince: UInt64?
    var firstQueuedAt: UInt64?
    /// When the last commit ended (monotonic ns), nil before the first.
    var lastCommitAt: UInt64?
    var flushRequested = false
    var flushWaiters: [(target: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []
    var tasks: [Task] = []
    var stopping = false
    /// When a stop gives up committing (monotonic ns): what is left is spilled.
    var stopDeadline: UInt64 = .max
    var stopped = false
    /// Set when a commit failed after `stop`: the writer gives up instead of retrying.
    var abandonOnStop = false
    var storageUnavailable = false
    /// Whether the last failure was a full disk (or size cap).
    var diskFull = false
    /// Records the last stop could neither commit nor spill.
    var lostOnStopCount = 0
    /// Records the last stop kept in the spill file.
    var spilledOnStopCount = 0
    /// Damaged databases replaced while running, oldest first.
    var recoveries: [DatabaseRecovery] = []
    var lastError: String?
    var nextRetryAt: UInt64 = 0
    /// Delivered outbox ids submitted and not yet deleted, and sinks'
    /// cursors not yet stored: they ride along with the next transaction
    /// (`StoreWriter.submit`).
    var riding = RidingWrites()
    /// When the writer looks at the delivered ids next (monotonic
    /// ns), nil when no look is scheduled: an acknowledgement that finds one
    /// scheduled wakes nobody.
    var acknowledgementsDueAt: UInt64?
    /// When the last sync of the write-ahead log ended (monotonic ns).
    var lastSyncAt: UInt64?
    var droppedRapidWindCount = 0
    var refusedCount = 0
    var rejectedCount = 0
    var outboxShedCount = 0

    /// Whether a writer thread drains this queue (one may, once).
    var hasWriter = false

    init(configuration: StoreWriterConfiguration, logger: Logger) {
        self.configuration = configuration
        self.retention = configuration.retention
        self.logger = logger
    }

    // MARK: Called from any thread

    func submit(_ writes: [StoreWrite], notice: CommitNotice? = nil) throws -> UInt64 {
        // The writer is woken after the mutex is released: woken while it is
        // held, it would run only to block on the mutex and be woken again.
        let (submission, wake) = try lock.withLock { () throws -> (UInt64, Bool) in
            guard !stopping else { throw StorageError.writerStopped }
            var accepted = writes
            var wake = false
            if accepted.contains(where: \.ridesAlong) {
                for write in accepted {
                    switch write {
                    case .acknowledgeOutbox(let ids): wake = noteAcknowledgements(ids) || wake
                    case .sinkCursor(let name, let position, let now):
                        riding.noteCursor(name, position: position, at: now)
                        wake = scheduleRidingWrites() || wake
                    default: break
                    }
                }
                accepted.removeAll(where: \.ridesAlong)
                if accepted.isEmpty && notice == nil { return (nextSubmission - 1, wake) }
            }
            // A notice needs a write to ride with: alone, it takes an empty one.
            if accepted.isEmpty, notice != nil { accepted = [.acknowledgeOutbox([])] }
            let excess = queue.count + inFlightCount + writes.count - configuration.pendingLimit
            if excess > 0 {
                accepted = try makeRoom(excess: excess, for: writes)
            }
            // The notice rides with the last write that cannot be shed, so
            // that it is told when the facts it describes are committed.
            let noticeIndex = notice == nil ? nil : (accepted.lastIndex(where: { !$0.isSheddable }) ?? accepted.indices.last)
            for (index, write) in accepted.enumerated() {
                queue.append(QueuedWrite(submission: nextSubmission, write: write, notice: index == noticeIndex ? notice : nil))
                nextSubmission += 1
            }
            if firstQueuedAt == nil, !queue.isEmpty { firstQueuedAt = MonotonicClock.nanoseconds() }
            return (nextSubmission - 1, true)
        }
        if wake { lock.signal() }
        return submission
    }

    /// With the lock held: drops the oldest sheddable queued items, then
    /// sheddable new ones, to fit `excess` more; refuses everything when the
    /// non-sheddable part cannot fit. Sheddable items of the batch being
    /// committed count as room: if that batch fails they are dropped when it
    /// returns to the queue (`trimToLimit`). Returns the writes to accept.
    private func makeRoom(excess: Int, for writes: [StoreWrite]) throws -> [StoreWrite] {
        let sheddableQueued = queue.lazy.filter { $0.write.isSheddable }.count
        let sheddableNew = writes.lazy.filter { $0.isSheddable }.count
        guard excess <= sheddableQueued + sheddableNew + inFlightSheddableCount else {
            refusedCount += writes.count - sheddableNew
            droppedRapidWindCount += sheddableNew
            throw StorageError.pendingBufferFull(limit: configuration.pendingLimit)
        }
        var toDropQueued = min(excess, sheddableQueued)
        var toDropNew = min(excess - toDropQueued, sheddableNew)
        droppedRapidWindCount += toDropQueued + toDropNew
        if toDropQueued > 0 {
            queue.removeAll { item in
                guard toDropQueued > 0, item.write.isSheddable else { return false }
                toDropQueued -= 1
                return true
            }
        }
        return writes.filter { write in
            guard toDropNew > 0, write.isSheddable else { return true }
            toDropNew -= 1
            return false
        }
    }

    /// With the lock held: drops the oldest sheddable queued items while the
    /// queue is above the limit (after a failed batch came back).
    func trimToLimit() {
        var excess = queue.count - configuration.pendingLimit
        guard excess > 0 else { return }
        queue.removeAll { item in
            guard excess > 0, item.write.isSheddable else { return false }
            excess -= 1
            droppedRapidWindCount += 1
            return true
        }
    }

    /// With the lock held: keeps delivered ids for the next transaction,
    /// and makes sure the writer looks at them within the delay, waking it
    /// only when no look was scheduled (the commit that stored the messages
    /// schedules one). Once a batch's worth gathered they become a queued
    /// write of their own.
    /// Returns whether the writer must be woken (once the lock is released).
    private func noteAcknowledgements(_ ids: [Int64]) -> Bool {
        riding.acknowledgements += ids
        if riding.acknowledgements.count >= StoreWriter.acknowledgementBatchSize {
            queuePendingAcknowledgements()
            return true
        }
        return scheduleRidingWrites()
    }

    /// With the lock held: schedules a look at the riding writes, unless one
    /// is scheduled; true when the writer must be woken to see it.
    private func scheduleRidingWrites() -> Bool {
        guard acknowledgementsDueAt == nil, !riding.isEmpty else { return false }
        acknowledgementsDueAt = MonotonicClock.nanoseconds() + WriterState.nanoseconds(configuration.acknowledgementDelaySeconds)
        return true
    }

    /// With the lock held: the waiting acknowledgements become one queued
    /// write, committed in order with the rest of the queue.
    private func queuePendingAcknowledgements() {
        queue.append(QueuedWrite(submission: nextSubmission, write: .acknowledgeOutbox(riding.acknowledgements)))
        nextSubmission += 1
        riding.acknowledgements = []
        if riding.isEmpty { acknowledgementsDueAt = nil }
        if firstQueuedAt == nil { firstQueuedAt = MonotonicClock.nanoseconds() }
    }

    func flush() async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let immediate: Result<Void, any Error>? = lock.withLock {
                if stopped { return .failure(StorageError.writerStopped) }
                // Acknowledgements are not waited for: a lost deletion only
                // sends a message once more, so they keep riding along with
                // the next transaction (or go once due, or at shutdown).
                let target = nextSubmission - 1
                if committedThrough >= target { return .success(()) }
                flushWaiters.append((target, continuation))
                flushRequested = true
                return nil
            }
            if let immediate { continuation.resume(with: immediate) } else { lock.signal() }
        }
    }

    func perform<Result: Sendable>(_ body: @escaping @Sendable (Store) throws -> Result) async throws -> Result {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Result, any Error>) in
            let task: Task = { store in
                continuation.resume(with: Swift.Result { try body(store) })
            }
            let accepted = lock.withLock {
                guard !stopped, !stopping else { return false }
                tasks.append(task)
                return true
            }
            if accepted { lock.signal() } else { continuation.resume(throwing: StorageError.writerStopped) }
        }
    }

    func stop(deadlineSeconds: Double) {
        lock.withLock {
            if !stopping { stopDeadline = MonotonicClock.nanoseconds() + Self.nanoseconds(deadlineSeconds) }
            stopping = true
            lock.signal()
        }
    }

    var status: StoreWriterStatus {
        lock.withLock {
            StoreWriterStatus(
                commitSequence: commitSequence, committedThrough: committedThrough, syncedThrough: syncedThrough,
                pendingCount: queue.count + inFlightCount, isStorageUnavailable: storageUnavailable,
                isDiskFull: storageUnavailable && diskFull, lastError: lastError, droppedRapidWindCount: droppedRapidWindCount, refusedCount: refusedCount,
                rejectedCount: rejectedCount, outboxShedCount: outboxShedCount,
                spilledOnStopCount: spilledOnStopCount, lostOnStopCount: lostOnStopCount)
        }
    }
}
