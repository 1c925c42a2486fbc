// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import Logging
import ServiceLifecycle
import Storage
import Synchronization
import SystemSupport

/// Where a `CursorSink` delivers: an upload service, a time-series
/// database, a test's recorder.
public protocol CursorDestination: Sendable {
    /// Delivers `entries` (committed facts, oldest first), reading their rows
    /// from `store`, a read-only connection of the sink's own. Returns once
    /// the destination accepted them; throws to have them tried again later
    /// (the cursor stays where it was).
    func deliver(_ entries: [JournalEntry], from store: Store) async throws
}

/// A sink that keeps its own position: a cursor in the commit journal
/// (`Store.journalEntries`), stored through the writer's inbox after each
/// delivered batch. After an outage of its destination, or a restart, it
/// resumes from the first entry not delivered; a batch may be delivered
/// twice (a crash between delivery and the cursor's commit), never skipped,
/// so destinations must take a repeat as the same fact (the facts carry
/// their own timestamps).
///
/// It reads on its own task with its own read-only connection, never on
/// the writer's thread; a commit only wakes it. The writer keeps the
/// journal while such a sink is configured (`keepsCommitJournal`).
public final class CursorSink: Sink {
    public let name: String
    private let inbox: StoreInbox
    private let databasePath: String
    private let destination: any CursorDestination
    private let batchSize: Int
    private let retryDelaySeconds: Double
    private let logger: Logger
    private let wakeup = WakeupEvent()
    private struct State {
        var cursor: Int64 = 0
        var journalEnd: Int64 = 0
        var lastError: String?
        var delivered = 0
    }
    private let state = Mutex(State())

    /// A sink called `name` (its cursor's name in the store) that delivers
    /// to `destination` in batches of at most `batchSize`, trying again
    /// `retryDelaySeconds` after a failure.
    public init(
        name: String, inbox: StoreInbox, databasePath: String, destination: any CursorDestination, batchSize: Int = 5_000,
        retryDelaySeconds: Double = 10, logger: Logger = Logger(label: "tempest.sink")
    ) {
        self.name = name
        self.inbox = inbox
        self.databasePath = databasePath
        self.destination = destination
        self.batchSize = batchSize
        self.retryDelaySeconds = retryDelaySeconds
        self.logger = logger
    }

    public func committed(_ report: CommitReport) {
        guard let end = report.journalThrough else { return }
        let behind = state.withLock { state -> Bool in
            state.journalEnd = max(state.journalEnd, end)
            return state.journalEnd > state.cursor
        }
        if behind { wakeup.signal() }
    }

    /// Opens its cursor (at the journal's end for a sink seen the first time).
    public func start() async throws {
        let name = self.name
        let (cursor, end) = try await inbox.perform { store in
            (try store.openSinkCursor(named: name, now: Int64(time(nil))), try store.journalEnd())
        }
        state.withLock {
            $0.cursor = cursor
            $0.journalEnd = end
        }
    }

    public func run() async {
        await cancelWhenGracefulShutdown { [self] in
            // One read-only connection for the sink's life, opened again only after a failure.
            var store: Store?
            while !Task.isCancelled {
                if store == nil { store = try? Store(readOnlyPath: databasePath, logger: logger) }
                var failed = true
                if let store { failed = await deliverAvailable(from: store) }
                if failed { store = nil }
                await wakeup.wait(untilMonotonicSeconds: failed ? MonotonicClock.seconds() + retryDelaySeconds : nil)
            }
        }
    }

    /// Delivers batch after batch until the journal's end; true when the
    /// destination failed (then it waits before trying again).
    func deliverAvailable(from store: Store) async -> Bool {
        while !Task.isCancelled {
            let cursor = state.withLock { $0.cursor }
            let entries: [JournalEntry]
            do {
                entries = try store.journalEntries(after: cursor, limit: batchSize)
            } catch {
                state.withLock { $0.lastError = "cannot read the journal: \(error)" }
                return true
            }
            guard let last = entries.last else { return false }
            do {
                try await destination.deliver(entries, from: store)
            } catch {
                let described = "\(error)"
                let first = state.withLock { state -> Bool in
                    defer { state.lastError = described }
                    return state.lastError != described
                }
                if first { logger.warning("\(name): cannot deliver; trying again", metadata: ["error": "\(described)"]) }
                return true
            }
            state.withLock {
                $0.cursor = last.id
                $0.lastError = nil
                $0.delivered += entries.count
            }
            _ = try? inbox.submit(.sinkCursor(name: name, position: last.id, at: Int64(time(nil))))
        }
        return false
    }

    /// Delivers what is left once, then stops.
    public func stop() async {
        guard let store = try? Store(readOnlyPath: databasePath, logger: logger) else { return }
        _ = await deliverAvailable(from: store)
    }

    /// Journal entries not yet delivered, as far as the last commit told.
    public var lag: Int64 { state.withLock { max(0, $0.journalEnd - $0.cursor) } }

    public var status: SinkStatus {
        state.withLock {
            SinkStatus(name: name, isConnected: $0.lastError == nil, pendingCount: Int(max(0, $0.journalEnd - $0.cursor)), lastError: $0.lastError)
        }
    }
}
