// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Logging
import SystemSupport

extension WriterState {
    private enum Work {
        /// Queued writes and the writes that ride along with them (either may be empty).
        case batch([QueuedWrite], riding: RidingWrites)
        case tasks([Task])
        case maintenance
        case syncLog(through: UInt64)
        case exit
    }

    static func nanoseconds(_ seconds: Double) -> UInt64 {
        UInt64(max(0, seconds) * 1_000_000_000)
    }

    /// The writer thread's loop: commit batches, run tasks, prune, until stopped.
    func run(store initialStore: Store, observers: [any CommitObserver]) {
        var store = initialStore
        var nextPruneAt = configuration.pruneIntervalSeconds.map { MonotonicClock.nanoseconds() + Self.nanoseconds($0) }
        while true {
            switch nextWork(nextPruneAt: nextPruneAt) {
            case .exit:
                if lock.withLock({ unsyncedSince != nil }) { syncLog(store: store, through: lock.withLock { committedThrough }) }
                finish(store: store)
                return
            case .tasks(let tasks):
                for task in tasks { task(store) }
                // A task may have fixed the cause of a failure (a raised size cap): retry at once.
                lock.withLock { nextRetryAt = 0 }
            case .batch(let batch, let riding):
                // A look at the riding writes that found none: no transaction.
                if batch.isEmpty && riding.isEmpty { continue }
                if !commit(batch, riding: riding, store: store, observers: observers) {
                    store = replaceDamaged(store)
                }
            case .maintenance:
                nextPruneAt = maintain(store: store)
            case .syncLog(let through):
                syncLog(store: store, through: through)
            }
        }
    }

    /// Waits (lock held while waiting) until there is something to do.
    private func nextWork(nextPruneAt: UInt64?) -> Work {
        lock.withLock {
            while true {
                let now = MonotonicClock.nanoseconds()
                if stopping && (abandonOnStop || now >= stopDeadline) { return .exit }
                if !tasks.isEmpty {
                    defer { tasks.removeAll() }
                    return .tasks(tasks)
                }
                var deadline: UInt64? = nil
                // A transaction may start: the database can be written, its retry is due, or we stop.
                let retryReady = !storageUnavailable || now >= nextRetryAt || stopping
                if !queue.isEmpty {
                    let firstAt = firstQueuedAt ?? now
                    let dueAt = firstAt + batchDelay(firstQueuedAt: firstAt)
                    let due = stopping || flushRequested || queue.count >= configuration.maximumBatchSize || now >= dueAt
                    if due && retryReady {
                        let count = min(queue.count, configuration.maximumBatchSize)
                        let batch: [QueuedWrite]
                        if count == queue.count {
                            // Hand over the whole queue: no copy, and the
                            // capacity a burst grew goes with the batch.
                            batch = queue
                            queue = []
                        } else {
                            batch = Array(queue.prefix(count))
                            queue.removeFirst(count)
                        }
                        inFlightCount = count
                        inFlightSheddableCount = batch.lazy.filter { $0.write.isSheddable }.count
                        // Items left behind arrived after `firstAt`: they are due at once.
                        firstQueuedAt = queue.isEmpty ? nil : firstAt
                        if queue.isEmpty { flushRequested = false }
                        return .batch(batch, riding: takeRidingWrites())
                    }
                    deadline = storageUnavailable && !retryReady ? nextRetryAt : dueAt
                } else if let dueAt = acknowledgementsDueAt {
                    // Delivered messages and cursors with no transaction to
                    // ride along with: written on their own once due, or when stopping.
                    if (stopping || now >= dueAt) && retryReady {
                        return .batch([], riding: takeRidingWrites())
                    } else {
                        deadline = storageUnavailable && !retryReady ? nextRetryAt : dueAt
                    }
                }
                if queue.isEmpty && stopping && acknowledgementsDueAt == nil {
                    return .exit
                }
                if let unsyncedSince, let interval = configuration.logSyncIntervalSeconds {
                    let syncAt = unsyncedSince + Self.nanoseconds(interval)
                    if now >= syncAt { return .syncLog(through: committedThrough) }
                    deadline = min(deadline ?? syncAt, syncAt)
                }
                if let nextPruneAt, !storageUnavailable {
                    if now >= nextPruneAt { return .maintenance }
                    deadline = min(deadline ?? nextPruneAt, nextPruneAt)
                }
                lock.wait(until: deadline)
            }
        }
    }

    /// Hands over the riding writes for the next transaction (lock held);
    /// no look at them is scheduled until more arrive.
    private func takeRidingWrites() -> RidingWrites {
        defer {
            riding = RidingWrites()
            acknowledgementsDueAt = nil
        }
        return riding
    }

    /// How long a batch whose first item came at `firstQueuedAt` waits for
    /// company (lock held). The batch delay, unless the writer had been idle
    /// for longer than that when the item came: at such a pace waiting would
    /// gather nothing and only add latency, so the batch commits at once.
    /// Under load items follow each commit closely, so batches still form.
    private func batchDelay(firstQueuedAt: UInt64) -> UInt64 {
        let delay = Self.nanoseconds(configuration.maximumBatchDelaySeconds)
        guard let lastCommitAt else { return 0 }
        return firstQueuedAt >= lastCommitAt + delay ? 0 : delay
    }

    /// Commits one batch, with the writes that ride along; on failure puts
    /// both back at the head of their queues. Returns false when SQLite
    /// found the file damaged (`replaceDamaged` then).
    @discardableResult
    private func commit(_ batch: [QueuedWrite], riding: RidingWrites, store: Store, observers: [any CommitObserver]) -> Bool {
        let journal = configuration.keepsCommitJournal
        var assignments: [CommitReport.OutboxAssignment] = []
        var stored: [OutboxMessage] = []
        var rejected = 0
        var shed = 0
        do {
            try store.write {
                if !riding.acknowledgements.isEmpty { try store.acknowledge(riding.acknowledgements) }
                for (name, cursor) in riding.sinkCursors.sorted(by: { $0.key < $1.key }) {
                    try store.setSinkCursor(named: name, position: cursor.position, now: cursor.at)
                }
                for item in batch {
                    do {
                        if let result = try store.apply(
                            item.write, outboxLimits: configuration.outboxLimits, journal: journal,
                            journalsRapidWind: configuration.journalsRapidWind),
                            case .outbox(var message) = item.write
                        {
                            shed += result.shedCount
                            assignments.append(.init(submission: item.submission, id: result.id))
                            if let id = result.id {
                                message.id = id
                                stored.append(message)
                            }
                        }
                    } catch let error as StorageError {
                        // The store refused this one item (an outbox above its bound); the rest commit.
                        rejected += 1
                        if case .outbox = item.write { assignments.append(.init(submission: item.submission, id: nil)) }
                        logRejection(error)
                    } catch let error as SQLiteError where error.isConstraintViolation {
                        rejected += 1
                        logRejection(error)
                    }
                }
            }
        } catch {
            lock.withLock {
                self.riding.restore(riding)
                if !self.riding.isEmpty && acknowledgementsDueAt == nil { acknowledgementsDueAt = MonotonicClock.nanoseconds() }
            }
            failed(batch, error: error, store: store)
            return !((error as? SQLiteError)?.isDamage ?? false)
        }
        let outboxDepth = store.knownOutboxDepth
        let journalThrough = journal ? try? store.journalEnd() : nil
        let report: CommitReport
        let waiters: [CheckedContinuation<Void, any Error>]
        let recovered: (held: Int, dropped: Int)?
        let syncNow: Bool
        (report, waiters, recovered, syncNow) = lock.withLock {
            let now = MonotonicClock.nanoseconds()
            inFlightCount = 0
            inFlightSheddableCount = 0
            // Deleting delivered messages needs no sync: lost to a power
            // failure, they are only sent once more.
            var syncNow = false
            if !batch.isEmpty && unsyncedSince == nil {
                unsyncedSince = now
                // The first commit after a quiet spell syncs at once, on this
                // wake-up (after its messages left): at a station's pace a
                // later sync would be a wake-up of its own for every datagram.
                if let interval = configuration.logSyncIntervalSeconds {
                    syncNow = lastSyncAt.map { now >= $0 + Self.nanoseconds(interval) } ?? true
                }
            }
            // This batch's messages will be acknowledged soon: the look at
            // their acknowledgements is scheduled now, so that none of them
            // has to wake the writer.
            if !stored.isEmpty && acknowledgementsDueAt == nil {
                acknowledgementsDueAt = now + Self.nanoseconds(configuration.acknowledgementDelaySeconds)
            }
            commitSequence += 1
            lastCommitAt = now
            committedThrough = batch.last?.submission ?? committedThrough
            // With nothing left queued, every earlier submission was committed or dropped under the bound.
            if queue.isEmpty { committedThrough = nextSubmission - 1 }
            rejectedCount += rejected
            outboxShedCount += shed
            let ready = flushWaiters.filter { $0.target <= committedThrough }.map(\.continuation)
            flushWaiters.removeAll { $0.target <= committedThrough }
            var recovered: (Int, Int)? = nil
            if storageUnavailable {
                storageUnavailable = false
                lastError = nil
                recovered = (batch.count + queue.count, droppedRapidWindCount)
            }
            return (
                CommitReport(
                    sequence: commitSequence, committedThrough: committedThrough, itemCount: batch.count,
                    outboxAssignments: assignments, outboxMessages: stored,
                    acknowledgedCount: riding.acknowledgements.count, outboxDepth: outboxDepth,
                    notices: batch.compactMap(\.notice), journalThrough: journalThrough),
                ready, recovered, syncNow
            )
        }
        if let recovered {
            logger.notice(
                "database writable again; records held in memory are being committed",
                metadata: ["held": "\(recovered.held)", "rapidWindDroppedTotal": "\(recovered.dropped)"])
        }
        for observer in observers { observer.committed(report) }
        for waiter in waiters { waiter.resume() }
        if syncNow { syncLog(store: store, through: report.committedThrough) }
        return true
    }

    /// The database was found damaged while running: closes it, moves it
    /// aside and copies its readable rows into a fresh one, as at start
    /// (`DatabaseSalvage`), and goes on with that; the failed batch is
    /// retried there. Outbox ids keep growing from where they were, so that
    /// no delivered message's acknowledgement can meet a new message.
    /// Returns the store to use (the same one when recovery failed: then
    /// the writer holds records and retries as for any failure).
    private func replaceDamaged(_ damaged: Store) -> Store {
        let path = damaged.database.path
        let highestOutboxID = damaged.outboxHighestID
        // The damaged connection must be closed before its file is renamed.
        damaged.database.closeConnection()
        do {
            let recovery = try DatabaseSalvage.recover(path: path, now: configuration.now(), logger: logger)
            let fresh = try Store(path: path, logger: logger)
            fresh.outboxHighestID = highestOutboxID
            if let pages = configuration.maximumPageCount { try fresh.setMaximumPageCount(pages) }
            logger.error("\(recovery.sentence)", metadata: ["path": "\(path)"])
            lock.withLock {
                recoveries.append(recovery)
                nextRetryAt = 0
            }
            return fresh
        } catch {
            logger.error("the database is damaged and could not be recovered; retrying", metadata: ["error": "\(error)"])
            // Opened again as it is, so that the writer can retry.
            return (try? Store(path: path, logger: logger)) ?? damaged
        }
    }

    private func failed(_ batch: [QueuedWrite], error: any Error, store: Store) {
        let diskFull = (error as? SQLiteError)?.isDiskFull ?? false
        let firstOfEpisode: Bool = lock.withLock {
            inFlightCount = 0
            inFlightSheddableCount = 0
            queue.insert(contentsOf: batch, at: 0)
            trimToLimit()
            if firstQueuedAt == nil { firstQueuedAt = MonotonicClock.nanoseconds() }
            let first = !storageUnavailable
            storageUnavailable = true
            self.diskFull = diskFull
            if stopping { abandonOnStop = true }
            lastError = "\(error)"
            nextRetryAt = MonotonicClock.nanoseconds() + Self.nanoseconds(configuration.retryIntervalSeconds)
            return first
        }
        if firstOfEpisode {
            logger.error(
                "cannot write the database; holding records in memory and retrying",
                metadata: [
                    "error": "\(error)", "path": "\(store.database.path)",
                    "pendingLimit": "\(configuration.pendingLimit)",
                    "retrySeconds": "\(configuration.retryIntervalSeconds)",
                ])
        }
        if diskFull {
            // A log cut back to nothing returns its space to a full disk,
            // and from now on it checkpoints early.
            store.database.checkpointAndTruncate()
            store.database.adaptCheckpointToFreeSpace()
            // Raw rapid wind goes first: its minutes survive as aggregates.
            do {
                let freed = try store.relieveDiskPressure()
                if freed > 0 {
                    logger.warning("disk full: aggregated and deleted the oldest raw rapid wind", metadata: ["rows": "\(freed)"])
                }
            } catch {
                logger.debug("could not free space by pruning raw rapid wind", metadata: ["error": "\(error)"])
            }
        }
    }

    /// Makes the committed transactions power-safe: with `synchronous=NORMAL`
    /// SQLite writes each commit to the WAL but syncs it only at checkpoints.
    private func syncLog(store: Store, through: UInt64) {
        do {
            try store.database.syncWriteAheadLog()
            lock.withLock {
                syncedThrough = max(syncedThrough, through)
                unsyncedSince = nil
                lastSyncAt = MonotonicClock.nanoseconds()
            }
        } catch {
            logger.warning("could not sync the write-ahead log; will retry", metadata: ["error": "\(error)"])
            lock.withLock { unsyncedSince = MonotonicClock.nanoseconds() }
        }
    }

    /// One pruning step (and a vacuum step when the pass is done); returns
    /// when the next step is due.
    private func maintain(store: Store) -> UInt64? {
        guard let interval = configuration.pruneIntervalSeconds else { return nil }
        do {
            let report = try store.pruneStep(
                now: configuration.now(), policy: lock.withLock { retention }, maximumRows: configuration.pruneStepRows)
            if report.totalDeleted > 0 || !report.packedRows.isEmpty {
                logger.debug(
                    "pruned",
                    metadata: ["rows": "\(report.deletedRows)", "windMinutes": "\(report.windMinutesWritten)", "packed": "\(report.packedRows)"])
            }
            if report.hasMore { return MonotonicClock.nanoseconds() }
            try store.incrementalVacuum(pages: configuration.vacuumPagesPerPass)
            // A quiet moment: the log goes back to zero bytes, so that it
            // never holds on to the space of a burst on a small disk, and
            // its checkpoints follow the free space.
            store.database.checkpointAndTruncate()
            store.database.adaptCheckpointToFreeSpace()
        } catch {
            logger.warning("retention pruning failed; will try again later", metadata: ["error": "\(error)"])
        }
        return MonotonicClock.nanoseconds() + Self.nanoseconds(interval)
    }

    private func logRejection(_ error: any Error) {
        let count = lock.withLock { rejectedCount }
        if count % 1000 == 0 {
            logger.error("a record was refused by the store", metadata: ["error": "\(error)", "refusedSoFar": "\(count + 1)"])
        }
    }

    /// Keeps what could not be committed in the spill file (or counts it
    /// as lost), fails everything still waiting, after the loop ends.
    private func finish(store: Store) {
        let left: [StoreWrite] = lock.withLock { queue.map(\.write) }
        var spilled = 0
        var lost = 0
        if !left.isEmpty {
            do {
                // A log cut back to nothing may make room for the spill file.
                store.database.checkpointAndTruncate()
                spilled = try SpillFile.write(
                    left, databasePath: store.database.path, outboxLimits: configuration.outboxLimits, logger: logger)
                logger.warning(
                    "could not commit every record before stopping; kept them in the spill file for the next start",
                    metadata: ["records": "\(spilled)", "path": "\(SpillFile.path(database: store.database.path))"])
            } catch {
                lost = left.filter { !$0.ridesAlong }.count
                logger.error(
                    "could not commit every record before stopping, nor keep them in the spill file: \(lost) records lost",
                    metadata: ["records": "\(lost)", "error": "\(error)"])
            }
        }
        let (waiters, tasks): ([CheckedContinuation<Void, any Error>], [Task]) = lock.withLock {
            stopped = true
            spilledOnStopCount = spilled
            lostOnStopCount = lost
            queue.removeAll()
            defer {
                flushWaiters.removeAll()
                self.tasks.removeAll()
            }
            return (flushWaiters.map(\.continuation), self.tasks)
        }
        for waiter in waiters { waiter.resume(throwing: StorageError.writerStopped) }
        _ = tasks
    }
}
