// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import Logging
import ServiceLifecycle
import Storage
import Synchronization
import SystemSupport

/// A sink that keeps its own position: a cursor in the commit journal
/// (`Store.journalEntries`), stored through the writer's inbox after each
/// delivered batch (riding along with the next commit). After an outage of
/// its destination, or a restart, it resumes from the first entry not
/// delivered; a batch may be delivered twice (a crash between delivery and
/// the cursor's commit), never skipped, so destinations must take a repeat
/// as the same fact (the facts carry their own timestamps).
///
/// It reads on its own task with its own read-only connection, never on
/// the writer's thread; a commit only wakes it, and it gathers what commits
/// within `gatherSeconds` into one delivery. The writer keeps the journal
/// while such a sink is configured (`keepsCommitJournal`).
///
/// A sink first configured with `backfillSeconds` first delivers, a day at
/// a time, what the store held from that long before (`deliverStored`),
/// keeping its progress in the store too.
///
/// After a failure it waits `retryDelaySeconds`, doubling with each failure
/// in a row up to `maximumRetryDelaySeconds`, or what the destination
/// advises (`CursorRetryAdvice`).
public final class CursorSink: Sink {
    public let name: String
    /// Its cursor's name in the store.
    public let cursorName: String
    private let inbox: StoreInbox
    private let databasePath: String
    private let destination: any CursorDestination
    private let batchSize: Int
    private let backfillSeconds: Int64
    private let gatherSeconds: Double
    private let retryDelaySeconds: Double
    private let maximumRetryDelaySeconds: Double
    private let logger: Logger
    private let wakeup = WakeupEvent()
    private struct State {
        var cursor: Int64 = 0
        var journalEnd: Int64 = 0
        var backfill: Range<Int64>?
        var lastError: String?
        var failuresInRow = 0
        var delivered = 0
        var lastSuccessAt: Int64?
        var nextAttemptAt: Int64?
        /// When the sink was last caught up with the journal (epoch seconds).
        var caughtUpAt: Int64 = 0
    }
    private let state = Mutex(State())

    /// A sink called `name` (and its cursor `cursorName` in the store,
    /// `name` when nil) that delivers to `destination` in batches of at
    /// most `batchSize` journal entries.
    public init(
        name: String, cursorName: String? = nil, inbox: StoreInbox, databasePath: String, destination: any CursorDestination, batchSize: Int = 5_000,
        backfillSeconds: Int64 = 0, gatherSeconds: Double = 0, retryDelaySeconds: Double = 10,
        maximumRetryDelaySeconds: Double = 300, logger: Logger = Logger(label: "tempest.sink")
    ) {
        self.name = name
        self.cursorName = cursorName ?? name
        self.inbox = inbox
        self.databasePath = databasePath
        self.destination = destination
        self.batchSize = max(1, batchSize)
        self.backfillSeconds = max(0, backfillSeconds)
        self.gatherSeconds = gatherSeconds
        self.retryDelaySeconds = retryDelaySeconds
        self.maximumRetryDelaySeconds = max(retryDelaySeconds, maximumRetryDelaySeconds)
        self.logger = logger
    }

    public func committed(_ report: CommitReport) {
        guard let end = report.journalThrough else { return }
        let wake = state.withLock { state -> Bool in
            let wasCaughtUp = state.journalEnd <= state.cursor
            state.journalEnd = max(state.journalEnd, end)
            // Only the first commit after catching up wakes the sink: the
            // ones within its gathering wait need not.
            return wasCaughtUp && state.journalEnd > state.cursor
        }
        if wake { wakeup.signal() }
    }

    /// Opens its cursor (at the journal's end for a sink seen the first time).
    public func start() async throws {
        let name = cursorName
        let backfillSeconds = self.backfillSeconds
        let (opened, end) = try await inbox.perform { store in
            (try store.openSinkCursor(named: name, now: Int64(time(nil)), backfillSeconds: backfillSeconds), try store.journalEnd())
        }
        state.withLock {
            $0.cursor = opened.position
            $0.journalEnd = end
            $0.backfill = opened.backfill
            $0.caughtUpAt = opened.position >= end ? Int64(time(nil)) : opened.updatedAt
        }
    }

    public func run() async {
        await cancelWhenGracefulShutdown { [self] in
            // One read-only connection for the sink's life, opened again only after a failure.
            var store: Store?
            while !Task.isCancelled {
                if store == nil { store = try? Store(readOnlyPath: databasePath, logger: logger) }
                var retryAfter: Double?
                if let store { retryAfter = await deliverAvailable(from: store) } else { retryAfter = nextRetryDelay("cannot open the database") }
                if retryAfter != nil { store = nil }
                await wakeup.wait(untilMonotonicSeconds: retryAfter.map { MonotonicClock.seconds() + $0 })
                // Gathers the commits that follow the one that woke it.
                if retryAfter == nil, gatherSeconds > 0, !Task.isCancelled {
                    try? await Task.sleep(for: .milliseconds(Int(gatherSeconds * 1_000)))
                }
            }
        }
    }

    /// Delivers the backfill (unless not `backfills`), then batch after
    /// batch until the journal's end or `maximumBatches`; after a failure,
    /// the seconds to wait before trying again.
    func deliverAvailable(from store: Store, maximumBatches: Int = .max, backfills: Bool = true) async -> Double? {
        while backfills, !Task.isCancelled, let window = nextBackfillWindow() {
            do {
                try await destination.deliverStored(window, from: store)
            } catch {
                return failed(error)
            }
            succeeded(count: 0) { state in
                guard let backfill = state.backfill else { return }
                state.backfill = window.upperBound < backfill.upperBound ? window.upperBound..<backfill.upperBound : nil
            }
            _ = try? inbox.submit(.sinkBackfill(name: cursorName, next: window.upperBound))
        }
        var batches = 0
        while !Task.isCancelled, batches < maximumBatches {
            batches += 1
            let cursor = state.withLock { $0.cursor }
            let entries: [JournalEntry]
            do {
                entries = try store.journalEntries(after: cursor, limit: batchSize)
            } catch {
                return failed("cannot read the journal: \(error)")
            }
            guard let last = entries.last else {
                state.withLock { $0.caughtUpAt = Int64(time(nil)) }
                return nil
            }
            do {
                try await destination.deliver(entries, from: store)
            } catch {
                return failed(error)
            }
            succeeded(count: entries.count) { $0.cursor = last.id }
            _ = try? inbox.submit(.sinkCursor(name: cursorName, position: last.id, at: Int64(time(nil))))
        }
        return nil
    }

    /// The next day of the backfill, nil when none is owed.
    private func nextBackfillWindow() -> Range<Int64>? {
        state.withLock { state in
            guard let backfill = state.backfill, !backfill.isEmpty else { return nil }
            return backfill.lowerBound..<min(backfill.upperBound, backfill.lowerBound + 86_400)
        }
    }

    private func succeeded(count: Int, _ update: (inout State) -> Void) {
        state.withLock {
            update(&$0)
            $0.lastError = nil
            $0.failuresInRow = 0
            $0.nextAttemptAt = nil
            $0.delivered += count
            $0.lastSuccessAt = Int64(time(nil))
        }
    }

    /// Notes a failure (logging it when it differs from the last one) and
    /// returns how long to wait.
    private func failed(_ error: any Error) -> Double {
        // A delivery cut short by the stop is no failure of the destination's.
        if error is CancellationError || Task.isCancelled { return retryDelaySeconds }
        return nextRetryDelay("\(error)", advised: (error as? any CursorRetryAdvice)?.retryAfterSeconds)
    }

    private func failed(_ described: String) -> Double { nextRetryDelay(described) }

    private func nextRetryDelay(_ described: String, advised: Double? = nil) -> Double {
        let (first, delay) = state.withLock { state -> (Bool, Double) in
            let first = state.lastError != described
            state.lastError = described
            state.failuresInRow += 1
            let backoff = min(maximumRetryDelaySeconds, retryDelaySeconds * Double(1 << min(state.failuresInRow - 1, 16)))
            let delay = advised ?? backoff
            state.nextAttemptAt = Int64(time(nil)) + Int64(delay.rounded(.up))
            return (first, delay)
        }
        if first { logger.warning("\(name): cannot deliver; trying again", metadata: ["error": "\(described)"]) }
        return delay
    }

    /// How long `stop` tries to deliver the last batch: the stop of `run`
    /// is bounded (`StopBudget`), and what is not delivered waits in the
    /// journal for the next start.
    public static let stopSeconds = 2.0

    /// Delivers one last batch (no backfill), for at most `stopSeconds`, then stops.
    public func stop() async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                guard let store = try? Store(readOnlyPath: self.databasePath, logger: self.logger) else { return }
                _ = await self.deliverAvailable(from: store, maximumBatches: 1, backfills: false)
            }
            group.addTask { try? await Task.sleep(for: .milliseconds(Int(Self.stopSeconds * 1_000))) }
            await group.next()
            group.cancelAll()
        }
    }

    /// Journal entries not yet delivered, as far as the last commit told.
    public var lag: Int64 { state.withLock { max(0, $0.journalEnd - $0.cursor) } }

    public var status: SinkStatus {
        let now = Int64(time(nil))
        return state.withLock {
            let pending = Int(max(0, $0.journalEnd - $0.cursor))
            var status = SinkStatus(name: name, isConnected: $0.lastError == nil, pendingCount: pending, lastError: $0.lastError)
            status.lagSeconds = pending == 0 && $0.backfill == nil ? 0 : max(0, now - $0.caughtUpAt)
            status.lastSuccessAt = $0.lastSuccessAt
            status.nextAttemptAt = $0.nextAttemptAt
            status.deliveredCount = $0.delivered
            status.isBackfilling = $0.backfill != nil
            return status
        }
    }
}
