import ServiceLifecycle

/// Watches for SIGHUP (four times a second) and reloads the configuration
/// while ingest goes on, until the group shuts down.
struct ReloadService: Service {
    /// Reloads: reads the configuration and hands the changes out.
    let reload: @Sendable () -> Void

    func run() async {
        try? await cancelWhenGracefulShutdown { [reload] in
            while !Task.isCancelled {
                try await Task.sleep(nanoseconds: 250_000_000)
                if ReloadSignal.take() { reload() }
            }
        }
    }
}
