// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// How long each step of `run`'s stop may take, in seconds, so that SIGTERM
/// always ends the process within 10 s (systemd's `TimeoutStopSec=20s`
/// would otherwise kill it and lose what it held). The steps, in order:
/// the services stop (then are cancelled), the last records are committed,
/// "offline" is published, and the writer stops, keeping what it could not
/// commit in the spill file. The watchdog ends the process if the steps
/// after the services overrun anyway: they take at most 1.5 + 1.2 (the
/// publisher's "offline") + 0.5 + 1.5 s, which leaves the spill file about
/// 2.8 s; records it cannot write in that time are lost (the watchdog's
/// line says so).
public struct StopBudget: Sendable {
    /// The services' graceful stop before they are cancelled.
    public var servicesSeconds: Double = 2
    /// The wait for the last records' commit.
    public var flushSeconds: Double = 1.5
    /// The wait for the last deliveries' acknowledgements (skipped when
    /// the records could not be committed).
    public var acknowledgementFlushSeconds: Double = 0.5
    /// The writer's own stop: its last commit attempts, then the spill file.
    public var writerSeconds: Double = 1.5
    /// From the services' end until the process exits whatever happens.
    public var watchdogSeconds: Double = 7.5

    /// The default budget.
    public init() {}
}
