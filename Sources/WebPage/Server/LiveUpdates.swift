// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Pipeline
import ServiceLifecycle
import Storage
import SystemSupport

/// The web page's live updates as a sink: told of every commit, it asks the
/// web server's loop for one live event on every open page (commits in
/// between fold into it). Its whole work on the writer's thread is an
/// atomic load while no page follows live updates, else at most one pipe
/// write until the server's thread has sent the event; the event itself is
/// rendered on the server's thread. It keeps no position: a page that was
/// away reads the store again when it comes back.
public final class LiveUpdates: Sink {
    let wakeup: LoopWakeup

    /// A sink for a web server made later with it (`WebServer(liveUpdates:)`).
    public init() throws(SystemError) {
        wakeup = try LoopWakeup()
    }

    public var name: String { "web page" }

    public func committed(_ report: CommitReport) {
        wakeup.notify()
    }

    public func start() async throws {}

    /// Nothing of its own to do: waits for the group to shut down.
    public func run() async {
        try? await gracefulShutdown()
    }

    public func stop() async {}

    public var status: SinkStatus {
        SinkStatus(name: name, isConnected: true, pendingCount: 0)
    }
}
