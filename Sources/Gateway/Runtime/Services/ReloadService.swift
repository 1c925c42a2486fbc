import ServiceLifecycle

/// Watches for SIGHUP and reloads the configuration while ingest goes on;
/// on shutdown it stops the components a reload can replace (the cloud
/// follower and the forecast service).
struct ReloadService: Service {
    /// Reloads when a SIGHUP came since the last call.
    let reloadIfAsked: @Sendable () async -> Void
    /// Stops the replaceable components.
    let stopComponents: @Sendable () async -> Void

    func run() async {
        try? await cancelWhenGracefulShutdown { [reloadIfAsked] in
            while !Task.isCancelled {
                try await Task.sleep(nanoseconds: 250_000_000)
                await reloadIfAsked()
            }
        }
        await stopComponents()
    }
}
