// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ServiceLifecycle
import Synchronization
import TempestUDP

/// The UDP listener as a service of `run`'s group: it listens until SIGINT
/// or SIGTERM (or the group shuts down), and when it ends the group shuts
/// down the other services in reverse order, so that nothing is published
/// or committed after the last datagram is in.
public final class IngestService: Service, Sendable {
    private let session: ListeningSession
    private let stopRequested = Atomic<Bool>(false)
    private let finalStatistics = Mutex<ListenerStatistics?>(nil)

    public init(session: ListeningSession) {
        self.session = session
    }

    /// The listener's counters once it stopped.
    public var statistics: ListenerStatistics? { finalStatistics.withLock { $0 } }

    public func run() async throws {
        var session = self.session
        session.stopRequested = { [self] in stopRequested.load(ordering: .relaxed) }
        let statistics = try await withGracefulShutdownHandler {
            try await session.run()
        } onGracefulShutdown: { [self, session] in
            stopRequested.store(true, ordering: .relaxed)
            session.wakeup.signal()
        }
        finalStatistics.withLock { $0 = statistics }
    }
}
