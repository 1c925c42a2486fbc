import ServiceLifecycle

/// Reloads the configuration on SIGHUP while ingest goes on, until the
/// group shuts down. It sleeps until a signal arrives (`SignalWakeups`):
/// no timer.
struct ReloadService: Service {
    /// Reloads: reads the configuration and hands the changes out.
    let reload: @Sendable () async -> Void

    func run() async {
        let wakeup = WakeupEvent()
        SignalWakeups.observe { wakeup.signal() }
        await cancelWhenGracefulShutdown { [reload] in
            while !Task.isCancelled {
                await wakeup.wait()
                if ReloadSignal.take() { await reload() }
            }
        }
    }
}
