import ServiceLifecycle
import Storage

/// Moves the outbox to the broker. The pump sleeps until something gives it
/// work: a commit, the broker's events (a connection, an acknowledgement, a
/// loss), or a deadline that time alone brings (acknowledged entries to
/// delete, a device falling silent, a restart after libmosquitto gave up;
/// `GatewayPublisher.secondsUntilTimedWork`).
/// A quiet gateway with nothing due has no timer at all: idle CPU matters on
/// a Pi that runs for years. It stops last, after ingest and the cloud, so
/// that everything they committed has had its chance to leave.
struct OutboxPumpService: Service {
    let publisher: GatewayPublisher?
    let writer: StoreWriter
    /// Signalled by every commit and by the publisher's events.
    let wakeup: WakeupEvent
    /// Receives the outbox depth in messages.
    let noteDepth: @Sendable (Int) -> Void

    /// The outbox depth for `status` is read at most this often while work
    /// arrives, and once more this long after the last work.
    static let depthReadIntervalSeconds = 1.0

    func run() async {
        // Without a broker there is nothing to pump: wait for the shutdown.
        guard let publisher else {
            try? await gracefulShutdown()
            return
        }
        publisher.onWork { [wakeup] in wakeup.signal() }
        await cancelWhenGracefulShutdown { [wakeup] in
            await readDepth()
            var depthReadAt = MonotonicClock.seconds()
            var depthStale = false
            while !Task.isCancelled {
                var deadline = publisher.secondsUntilTimedWork().map { MonotonicClock.seconds() + $0 }
                if depthStale {
                    let depthDue = depthReadAt + Self.depthReadIntervalSeconds
                    deadline = min(deadline ?? depthDue, depthDue)
                }
                let workArrived = await wakeup.wait(untilMonotonicSeconds: deadline)
                if Task.isCancelled { break }
                await publisher.pump()
                if workArrived { depthStale = true }
                if depthStale && MonotonicClock.seconds() - depthReadAt >= Self.depthReadIntervalSeconds {
                    await readDepth()
                    depthReadAt = MonotonicClock.seconds()
                    depthStale = false
                }
            }
        }
    }

    private func readDepth() async {
        if let depth = try? await writer.perform({ store in try store.outboxDepth().messages }) {
            noteDepth(depth)
        }
    }
}
