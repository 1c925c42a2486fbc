import ServiceLifecycle
import Storage

/// Moves the outbox to the broker: the publisher is woken on every commit
/// and on a 50 ms tick (for acknowledgements), and once a second the outbox
/// depth is read for `status`. It stops last, after ingest and the cloud,
/// so that everything they committed has had its chance to leave.
struct OutboxPumpService: Service {
    let publisher: GatewayPublisher?
    let writer: StoreWriter
    let wakeups: AsyncStream<Void>
    let wake: AsyncStream<Void>.Continuation
    /// Receives the outbox depth in messages.
    let noteDepth: @Sendable (Int) -> Void

    func run() async {
        // Without a broker there is nothing to pump: wait for the shutdown.
        guard publisher != nil else {
            try? await gracefulShutdown()
            return
        }
        let ticking = Task { [publisher, writer, wake, noteDepth] in
            var ticks = 0
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: 50_000_000)
                wake.yield()
                ticks += 1
                if ticks % 20 == 0, publisher != nil,
                    let depth = try? await writer.perform({ store in try store.outboxDepth().messages })
                {
                    noteDepth(depth)
                }
            }
        }
        await withGracefulShutdownHandler {
            for await _ in wakeups {
                await publisher?.pump()
            }
        } onGracefulShutdown: { [wake] in
            ticking.cancel()
            wake.finish()
        }
        ticking.cancel()
    }
}
