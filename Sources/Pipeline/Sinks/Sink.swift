// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Storage

/// An outlet of committed data: MQTT, the web page's live updates, and
/// (next) uploads to weather networks and time-series export.
///
/// A sink is made before the store writer, with the writer's `StoreInbox`
/// when it writes back (acknowledgements, its cursor), and handed to the
/// writer, which tells it of every commit (`committed`, on the writer
/// thread: note and wake, nothing more). It does its work on its own task
/// (`run`) or thread, from its own position: the MQTT outbox, or a cursor
/// in the commit journal (`CursorSink`), so an outage or a restart resumes
/// where it stopped. It reads only what is committed. The ingestor does not
/// know sinks exist.
public protocol Sink: CommitObserver {
    /// Its name, for status and logs (and its cursor's name in the store).
    var name: String { get }

    /// Starts it: connects, opens its position. Called once, before `run`.
    func start() async throws

    /// Its own work, on its own task, until the run's group shuts down.
    func run() async

    /// Ends it after the last commit: delivers what it can within the stop
    /// budget, then disconnects. What it could not deliver stays where its
    /// position says, for the next start.
    func stop() async

    /// Where it stands, for `status`.
    var status: SinkStatus { get }
}

/// What a sink reports of itself.
public struct SinkStatus: Sendable, Equatable {
    /// The sink's name.
    public var name: String
    /// Whether its destination is reachable now.
    public var isConnected: Bool
    /// Deliveries made and not yet confirmed (in flight), or waiting.
    public var pendingCount: Int
    /// The last error, in the destination's own words; nil when none since the last success.
    public var lastError: String?
    /// For a sink with a cursor: how long it has been behind the journal,
    /// in seconds (0 when caught up); nil for other sinks.
    public var lagSeconds: Int64?
    /// When it last delivered (epoch seconds), nil when not since start.
    public var lastSuccessAt: Int64?
    /// When it tries again after a failure (epoch seconds), nil when not waiting.
    public var nextAttemptAt: Int64?
    /// Journal entries delivered since start.
    public var deliveredCount = 0
    /// Whether it is still delivering its first configuration's backfill.
    public var isBackfilling = false

    /// Makes one.
    public init(name: String, isConnected: Bool, pendingCount: Int, lastError: String? = nil) {
        self.name = name
        self.isConnected = isConnected
        self.pendingCount = pendingCount
        self.lastError = lastError
    }
}
