// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ServiceLifecycle
import Storage
import SystemSupport

/// Moves the outbox to the broker. The pump sleeps until something gives it
/// work: a commit that left messages it must send or a device to announce
/// (`GatewayPublisher.noteCommitted`), the broker's events (a connection, an
/// acknowledgement that makes room for waiting messages, a loss), or a
/// deadline that time alone brings (a device falling silent, a restart after
/// libmosquitto gave up; `GatewayPublisher.secondsUntilTimedWork`).
/// A quiet gateway with nothing due has no timer at all, and at a station's
/// pace the pump sleeps through the datagrams: each leaves from its commit
/// and its acknowledgement is deleted with the next one. Idle CPU matters on
/// a Pi that runs for years. It stops last, after ingest and the cloud, so
/// that everything they committed has had its chance to leave.
public struct OutboxPumpService: Service {
    public let publisher: GatewayPublisher?
    public let writer: StoreWriter
    /// Signalled by commits that leave work and by the publisher's events.
    public let wakeup: WakeupEvent
    /// Receives the outbox depth in messages, counted once at the start
    /// (commits report it afterwards).
    public let noteDepth: @Sendable (Int) -> Void

    public func run() async {
        publisher?.onWork { [wakeup] in wakeup.signal() }
        if let depth = try? await writer.perform({ store in try store.outboxDepth().messages }) {
            noteDepth(depth)
        }
        // Without a broker there is nothing to pump: wait for the shutdown.
        guard let publisher else {
            try? await gracefulShutdown()
            return
        }
        await cancelWhenGracefulShutdown { [wakeup] in
            // The client connects before this service runs, and a connection
            // made before `onWork` was set woke nobody: one round first, so
            // that what the outbox held at start (after a crash) leaves
            // without waiting for a datagram's commit.
            await publisher.pump()
            while !Task.isCancelled {
                let deadline = publisher.secondsUntilTimedWork().map { MonotonicClock.seconds() + $0 }
                await wakeup.wait(untilMonotonicSeconds: deadline)
                if Task.isCancelled { break }
                await publisher.pump()
            }
        }
    }

    /// Makes one from its parts.
    public init(publisher: GatewayPublisher?, writer: StoreWriter, wakeup: WakeupEvent, noteDepth: @escaping @Sendable (Int) -> Void) {
        self.publisher = publisher
        self.writer = writer
        self.wakeup = wakeup
        self.noteDepth = noteDepth
    }
}
