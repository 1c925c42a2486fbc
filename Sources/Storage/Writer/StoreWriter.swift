// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import Logging

/// Makes records durable with group commit: any thread or task submits,
/// and one writer thread commits what has queued in one `BEGIN IMMEDIATE`
/// transaction per batch, at the latest `maximumBatchDelaySeconds` after the
/// first item of the batch arrived (at once when that item found the writer
/// idle for longer than the delay).
///
/// When the database cannot be written (disk full, read-only file system,
/// I/O error) the writer logs one error for the episode, keeps the records
/// in memory within `pendingLimit` (rapid wind dropped first, and counted),
/// frees space by aggregating the oldest raw rapid wind, and retries until
/// the file is writable again. Between batches it prunes by retention in
/// small steps.
public final class StoreWriter: Sendable {
    /// Acknowledged ids that, gathered, become a queued write of their own
    /// instead of riding along with the next transaction.
    public static let acknowledgementBatchSize = 100


    let state: WriterState
    private let thread: WriterThread
    /// What was recovered when the database was found damaged at start
    /// (`DatabaseSalvage`), nil when it was sound.
    public let recovery: DatabaseRecovery?
    /// Rows taken from the spill file at start (`SpillFile`), nil when
    /// there was none or it could not be stored yet (then it stays).
    public let importedSpillRows: Int?

    /// The queue this writer drains: what sinks, made before the writer,
    /// submit their acknowledgements and cursors to.
    public let inbox: StoreInbox

    /// Opens (and migrates) the database at `path`, recovering a damaged
    /// one (`DatabaseSalvage`), stores what the last run left in the spill
    /// file (`SpillFile`), fits the log's checkpoint interval to the free
    /// space (`Database.adaptCheckpointToFreeSpace`, again at every
    /// retention pass), and starts the writer thread, which drains `inbox`
    /// and tells `observers` of every commit, in their order, on its thread.
    ///
    /// The observers are fixed here: a sink is made before the writer (with
    /// the inbox, to write back through) and handed to it, never added later.
    public init(path: String, inbox: StoreInbox, observers: [any CommitObserver] = []) throws {
        let configuration = inbox.state.configuration
        let logger = inbox.state.logger
        let store: Store
        (store, recovery) = try DatabaseSalvage.open(path: path, logger: logger)
        if let pages = configuration.maximumPageCount {
            try store.setMaximumPageCount(pages)
        }
        store.database.adaptCheckpointToFreeSpace()
        do {
            importedSpillRows = try SpillFile.importIfPresent(into: store)
            if let rows = importedSpillRows {
                logger.notice("stored the records the last run kept in the spill file", metadata: ["rows": "\(rows)"])
            }
        } catch {
            importedSpillRows = nil
            logger.error(
                "cannot store the records of the spill file yet; it stays for the next start",
                metadata: ["path": "\(SpillFile.path(database: path))", "error": "\(error)"])
        }
        let claimed = inbox.state.lock.withLock {
            defer { inbox.state.hasWriter = true }
            return !inbox.state.hasWriter
        }
        precondition(claimed, "a StoreInbox is drained by one StoreWriter")
        self.inbox = inbox
        state = inbox.state
        thread = try WriterThread(store: StoreBox(store), state: state, observers: observers)
    }

    /// A writer with an inbox of its own, made from `configuration`.
    public convenience init(
        path: String,
        configuration: StoreWriterConfiguration = StoreWriterConfiguration(),
        logger: Logger = Logger(label: "tempest.storage.writer"),
        observers: [any CommitObserver] = []
    ) throws {
        try self.init(path: path, inbox: StoreInbox(configuration: configuration, logger: logger), observers: observers)
    }

    /// A writer with an inbox of its own that calls `onCommit` with every
    /// report, on the writer thread (tests, tools).
    public convenience init(
        path: String,
        configuration: StoreWriterConfiguration = StoreWriterConfiguration(),
        logger: Logger = Logger(label: "tempest.storage.writer"),
        onCommit: @escaping @Sendable (CommitReport) -> Void
    ) throws {
        try self.init(path: path, configuration: configuration, logger: logger, observers: [CommitCallback(onCommit)])
    }

    deinit {
        shutdown()
    }

    /// Queues `write` for the next batch and returns its submission number
    /// (compare with `CommitReport.committedThrough`).
    ///
    /// An acknowledgement (`.acknowledgeOutbox`) is a write like the others
    /// but needs no commit of its own: delivered messages are only sent once
    /// more if their deletion is lost. So the ids ride along with the next
    /// transaction, or are deleted on their own
    /// `StoreWriterConfiguration.acknowledgementDelaySeconds` after the
    /// commit that stored the messages, or at `shutdown`; once
    /// `acknowledgementBatchSize` have gathered they are queued as a write
    /// of their own, so that under load no transaction grows with the
    /// backlog. Unknown ids are ignored.
    ///
    /// - Throws: `StorageError.pendingBufferFull` when the in-memory bound is
    ///   reached and nothing may be dropped in its favour;
    ///   `StorageError.writerStopped` after `shutdown`.
    @discardableResult
    public func submit(_ write: StoreWrite) throws -> UInt64 {
        try inbox.submit(write)
    }

    /// Queues several writes to commit in the same batch; returns the
    /// submission number of the last. `notice`, when given, is handed to
    /// the observers in the report of the commit that makes these writes
    /// durable (`CommitNotice`).
    @discardableResult
    public func submit(_ writes: [StoreWrite], notice: CommitNotice? = nil) throws -> UInt64 {
        try inbox.submit(writes, notice: notice)
    }

    /// Acknowledged outbox ids submitted (`.acknowledgeOutbox`) and not yet
    /// deleted: they wait for the next transaction.
    public var waitingAcknowledgementCount: Int {
        inbox.waitingAcknowledgementCount
    }

    /// Returns once everything submitted before the call is committed. While
    /// the database cannot be written this waits until it can be again.
    /// Acknowledgements waiting to ride along (`waitingAcknowledgementCount`)
    /// are not forced out: flushing never adds a transaction for them.
    ///
    /// - Throws: `StorageError.writerStopped` when the writer stops first.
    public func flush() async throws {
        try await inbox.flush()
    }

    /// Runs `body` on the writer thread between batches, with the writer's
    /// store (for maintenance such as one pruning step, a vacuum step or a
    /// size cap change), and returns its result.
    public func perform<Result: Sendable>(_ body: @escaping @Sendable (Store) throws -> Result) async throws -> Result {
        try await inbox.perform(body)
    }

    /// Prunes everything past retention now, one short step per batch gap
    /// so that ingest continues, then returns free pages to the file system.
    public func pruneNow() async throws -> PruneReport {
        let configuration = state.configuration
        let policy = retention
        var total = PruneReport()
        while true {
            let step = try await perform { store in
                try store.pruneStep(now: configuration.now(), policy: policy, maximumRows: configuration.pruneStepRows)
            }
            total.merge(step)
            if !step.hasMore { break }
        }
        _ = try await perform { store in try store.incrementalVacuum(pages: nil) }
        return total
    }

    /// The retention in force.
    public var retention: RetentionPolicy {
        state.lock.withLock { state.retention }
    }

    /// Changes the retention from the next pruning step on (a configuration
    /// reload); ingest is not interrupted.
    public func setRetention(_ policy: RetentionPolicy) {
        state.lock.withLock { state.retention = policy }
    }

    /// Returns up to `pages` free pages (nil: all) to the file system now.
    @discardableResult
    public func vacuumNow(pages: Int? = nil) async throws -> Int {
        try await perform { store in try store.incrementalVacuum(pages: pages) }
    }

    /// Changes the file-size cap (`PRAGMA max_page_count`; nil lifts it).
    public func setMaximumPageCount(_ pages: Int?) async throws {
        try await perform { store in try store.setMaximumPageCount(pages) }
    }

    /// Whether nothing waits for a commit and none is under way: a write
    /// submitted now commits on its own, at once (a station's pace).
    public var isIdle: Bool {
        inbox.isIdle
    }

    /// Whether the database cannot be written right now (records are held
    /// in memory meanwhile); cheaper than `status` for a check per record.
    public var isStorageUnavailable: Bool {
        inbox.isStorageUnavailable
    }

    /// The damaged databases the writer replaced while running (found
    /// damaged by a commit), oldest first; each was recovered as at start.
    public var runtimeRecoveries: [DatabaseRecovery] {
        state.lock.withLock { state.recoveries }
    }

    /// Counters and health.
    public var status: StoreWriterStatus {
        inbox.status
    }

    /// Commits what is queued (if the database is writable) for at most
    /// `deadlineSeconds`, stops the thread and waits for it. What could not
    /// be committed goes to the spill file (`SpillFile`), or, when that
    /// cannot be written either, is counted and logged as lost. Returns
    /// within the deadline plus one commit attempt. Later submissions throw
    /// `writerStopped`.
    public func shutdown(deadlineSeconds: Double = 5) {
        state.stop(deadlineSeconds: deadlineSeconds)
        thread.join()
    }
}
