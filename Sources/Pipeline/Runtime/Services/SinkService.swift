// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ServiceLifecycle

/// A sink's own task as a service of `run`'s group: `Sink.run` until the
/// group shuts down. Sinks stop last (after ingest and the cloud), so that
/// everything they committed has had its chance to leave; `Sink.stop`
/// comes after the writer's last commit (`GatewayRun`).
public struct SinkService: Service {
    /// The sink.
    public let sink: any Sink

    /// Runs `sink`.
    public init(sink: any Sink) {
        self.sink = sink
    }

    public func run() async {
        await sink.run()
    }
}
