// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ServiceLifecycle

/// Reloads the configuration on SIGHUP while ingest goes on, until the
/// group shuts down. It sleeps until a signal arrives (`SignalWakeups`):
/// no timer.
public struct ReloadService: Service {
    /// Reloads: reads the configuration and hands the changes out.
    public let reload: @Sendable () async -> Void

    public func run() async {
        let wakeup = WakeupEvent()
        SignalWakeups.observe { wakeup.signal() }
        await cancelWhenGracefulShutdown { [reload] in
            while !Task.isCancelled {
                await wakeup.wait()
                if ReloadSignal.take() { await reload() }
            }
        }
    }

    /// Makes one from its parts.
    public init(reload: @escaping @Sendable () async -> Void) {
        self.reload = reload
    }
}
