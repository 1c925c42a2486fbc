import ServiceLifecycle
import Storage

/// Moves the outbox to the broker: the pump is woken by every commit and
/// by the broker's events (a connection, an acknowledgement, a loss), and
/// once a second for what depends on time (a device falling silent, a
/// restart after libmosquitto gave up) and to read the outbox depth for
/// `status`. A quiet gateway therefore wakes about once a second, not twenty
/// times (idle CPU matters on a Pi that runs for years). It stops last, after ingest and the cloud,
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
        publisher?.onWork { [wake] in wake.yield() }
        let ticking = Task { [writer, wake, noteDepth] in
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: 1_000_000_000)
                wake.yield()
                if let depth = try? await writer.perform({ store in try store.outboxDepth().messages }) {
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
