import ServiceLifecycle

/// Watches for SIGHUP (once a second) and reloads the configuration
/// while ingest goes on, until the group shuts down.
struct ReloadService: Service {
    /// Reloads: reads the configuration and hands the changes out.
    let reload: @Sendable () -> Void

    func run() async {
        try? await cancelWhenGracefulShutdown { [reload] in
            while !Task.isCancelled {
                try await Task.sleep(nanoseconds: 1_000_000_000)
                if ReloadSignal.take() { reload() }
            }
        }
    }
}
