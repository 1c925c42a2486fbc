// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import Logging
import Pipeline
import ServiceLifecycle
import Storage
import Synchronization

/// Every `[[upload]]` destination of a run, as one sink the writer tells of
/// each commit: each destination is a `CursorSink` of its own (its own
/// position, backoff and connection, so a slow or failing service delays
/// no other and never ingest), and a reload replaces only the destinations
/// whose table changed (`replace(with:)`), while the others go on.
public final class UploadGroup: Sink {
    public let name = "uploads"
    private let inbox: StoreInbox
    private let logger: Logger
    private struct Running {
        var member: UploadMember
        var task: Task<Void, Never>?
    }
    private struct State {
        var running: [Running] = []
        var isRunning = false
        var isStopped = false
    }
    private let state = Mutex(State())

    /// A group of `members`, writing their cursors through `inbox`.
    public init(members: [UploadMember], inbox: StoreInbox, logger: Logger) {
        self.inbox = inbox
        self.logger = logger
        state.withLock { $0.running = members.map { Running(member: $0) } }
    }

    /// The destinations now, in table order.
    public var members: [UploadMember] { state.withLock { $0.running.map(\.member) } }

    public func committed(_ report: CommitReport) {
        for member in members { member.sink.committed(report) }
    }

    /// Opens every destination's cursor (before anything is ingested, so
    /// that the journal kept for it waits for it).
    public func start() async throws {
        for member in members {
            do {
                try await member.sink.start()
            } catch {
                throw UploadGroupError(number: member.number, underlying: error)
            }
        }
    }

    public func run() async {
        let members = state.withLock { state -> [UploadMember] in
            state.isRunning = true
            return state.running.map(\.member)
        }
        for member in members { launch(member) }
        // Until the run's graceful shutdown (or cancellation).
        try? await gracefulShutdown()
        await halt(self.members)
    }

    /// Starts `member`'s delivery task, unless the group stopped.
    private func launch(_ member: UploadMember) {
        state.withLock { state in
            guard state.isRunning, !state.isStopped, let index = state.running.firstIndex(where: { $0.member.number == member.number }) else { return }
            state.running[index].task = Task { await member.sink.run() }
        }
    }

    /// Cancels the delivery tasks of `members` and waits for them.
    private func halt(_ members: [UploadMember]) async {
        let tasks = state.withLock { state -> [Task<Void, Never>] in
            var tasks: [Task<Void, Never>] = []
            for index in state.running.indices where members.contains(where: { $0.number == state.running[index].member.number }) {
                if let task = state.running[index].task { tasks.append(task) }
                state.running[index].task = nil
            }
            return tasks
        }
        for task in tasks { task.cancel() }
        for task in tasks { await task.value }
    }

    /// Ends every destination at once: each delivers what it can within
    /// `CursorSink.stopSeconds`, together, so the stop takes no longer for
    /// seven destinations than for one.
    public func stop() async {
        let members = state.withLock { state -> [UploadMember] in
            state.isStopped = true
            return state.running.map(\.member)
        }
        await halt(members)
        await withTaskGroup(of: Void.self) { group in
            for member in members { group.addTask { await member.sink.stop() } }
        }
    }

    /// Replaces the destinations with `new`: one whose number and
    /// `fingerprint` are unchanged goes on; one changed or gone is stopped
    /// (a gone one's cursor is forgotten, a changed one keeps its cursor
    /// when its cursor name stays); one changed or added is started.
    /// Returns the numbers of the destinations started or stopped.
    public func replace(with new: [UploadMember]) async -> (started: [Int], stopped: [Int]) {
        let old = members
        let kept = old.filter { member in new.contains { $0.number == member.number && $0.fingerprint == member.fingerprint } }
        let stopped = old.filter { member in !kept.contains { $0.number == member.number } }
        let started = new.filter { member in !kept.contains { $0.number == member.number } }
        await halt(stopped)
        for member in stopped { await member.sink.stop() }
        let keptCursors = Set((kept + started).map(\.sink.cursorName))
        for member in stopped where !keptCursors.contains(member.sink.cursorName) {
            let cursor = member.sink.cursorName
            _ = try? await inbox.perform { store in try store.dropSinkCursor(named: cursor) }
        }
        var opened: [UploadMember] = []
        for member in started {
            do {
                try await member.sink.start()
                opened.append(member)
            } catch {
                logger.error("\(member.sink.name): cannot open its position; it stays off until a restart", metadata: ["error": "\(error)"])
            }
        }
        state.withLock { state in
            let keptRunning = state.running.filter { running in kept.contains { $0.number == running.member.number } }
            state.running = (keptRunning + opened.map { Running(member: $0) }).sorted { $0.member.number < $1.member.number }
        }
        for member in opened { launch(member) }
        return (opened.map(\.number), stopped.map(\.number))
    }

    public var status: SinkStatus {
        let statuses = members.map(\.sink.status)
        var status = SinkStatus(
            name: name, isConnected: statuses.allSatisfy(\.isConnected), pendingCount: statuses.map(\.pendingCount).max() ?? 0,
            lastError: statuses.compactMap(\.lastError).first)
        status.lagSeconds = statuses.compactMap(\.lagSeconds).max()
        status.deliveredCount = statuses.map(\.deliveredCount).reduce(0, +)
        return status
    }
}

/// One destination of an `UploadGroup`.
public struct UploadMember: Sendable {
    /// Its 1-based `[[upload]]` table number.
    public let number: Int
    /// Its table.
    public let table: GatewayConfiguration.Upload
    /// What it was made from (its table, its station's site, a digest of
    /// its key): a reload that changes it restarts the destination.
    public let fingerprint: String
    /// The sink that keeps its position.
    public let sink: CursorSink
    /// The service it delivers to.
    public let destination: UploadDestination

    /// Makes one.
    public init(number: Int, table: GatewayConfiguration.Upload, fingerprint: String, sink: CursorSink, destination: UploadDestination) {
        self.number = number
        self.table = table
        self.fingerprint = fingerprint
        self.sink = sink
        self.destination = destination
    }
}

/// A destination whose position could not be opened.
public struct UploadGroupError: Error, CustomStringConvertible {
    /// Its table number.
    public let number: Int
    /// Why.
    public let underlying: any Error

    public var description: String { "upload \(number): cannot open its position: \(underlying)" }
}
