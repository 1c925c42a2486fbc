// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import SystemSupport

/// What the relay sent to one target since the listener started.
public struct RelayTargetStatistics: Hashable, Sendable {
    /// The target.
    public let target: IPv4Endpoint
    /// Datagrams the kernel took for this target.
    public var datagramsSent: UInt64 = 0
    /// Datagrams dropped for this target: the socket's buffer was full
    /// (EAGAIN) or the kernel refused the send (no route, say).
    public var failures: UInt64 = 0
    /// The errno of the latest failure (0: none yet), for `status`.
    public var lastErrorNumber: Int32 = 0

    /// Zero counts for `target`.
    public init(target: IPv4Endpoint) {
        self.target = target
    }
}
