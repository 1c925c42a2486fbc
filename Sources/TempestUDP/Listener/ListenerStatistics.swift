// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import SystemSupport

/// Counters kept by `UDPListener` since it started.
public struct ListenerStatistics: Hashable, Sendable {
    /// Datagrams read from the socket.
    public var datagramsReceived: UInt64 = 0
    /// Datagrams that decoded into a message (duplicates included).
    public var decoded: UInt64 = 0
    /// Datagrams rejected by the decoder, all reasons.
    public var rejected: UInt64 = 0
    /// Rejected datagrams per reason category (indexed by `DecodeError.Category.index`).
    public var rejectedByCategoryIndex: [UInt64] = Array(repeating: 0, count: DecodeError.Category.allCases.count)
    /// Well-formed datagrams of a type the gateway does not handle.
    public var unknownType: UInt64 = 0
    /// Messages dropped as repeats.
    public var duplicates: UInt64 = 0
    /// Messages delivered late (older than the newest of their stream).
    public var late: UInt64 = 0
    /// Messages whose serial prefix did not fit their type (kept).
    public var unexpectedSerialPrefix: UInt64 = 0
    /// Values replaced by "missing" under the range policy.
    public var rangeViolations: UInt64 = 0
    /// Datagrams dropped by the serial or source allow-lists.
    public var notAllowed: UInt64 = 0
    /// Messages dated more than the tolerance ahead (`FutureTimestampRule`),
    /// kept in the quarantine instead.
    public var futureTimestamps: UInt64 = 0
    /// Messages from devices that are not the station's (`DeviceAdmission`).
    public var unknownDevices: UInt64 = 0
    /// Datagrams the kernel dropped because the receive buffer was full.
    public var kernelDrops: UInt64 = 0
    /// Admitted datagrams handed to the relay, each once however many
    /// targets it has (0 without a relay).
    public var relayed: UInt64 = 0
    /// Each relay target's counts, in the configured order (empty without
    /// a relay).
    public var relayTargets: [RelayTargetStatistics] = []

    /// An all-zero set of counters.
    public init() {}

    /// All-zero counters, with a zero entry for each relay target.
    public init(relayTargets: [IPv4Endpoint]) {
        self.relayTargets = relayTargets.map { RelayTargetStatistics(target: $0) }
    }

    /// Rejections per reason category name, omitting zeros.
    public var rejectedByCategory: [String: UInt64] {
        var counts = [String: UInt64]()
        for category in DecodeError.Category.allCases where rejectedByCategoryIndex[category.index] > 0 {
            counts[category.description] = rejectedByCategoryIndex[category.index]
        }
        return counts
    }
}
