// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// A message the gateway refused to believe, kept for inspection
/// (`quarantine`, schema version 6): dated too far ahead of the clock.
public struct QuarantineRecord: Sendable, Equatable {
    /// Why a message is quarantined.
    public enum Reason: String, Sendable {
        /// Dated more than the tolerance ahead of the gateway's clock.
        case futureTimestamp = "future_timestamp"
    }

    /// The sending device's serial.
    public var serial: String
    /// The message type (`obs_st`).
    public var type: String
    /// The message's own timestamp (its newest row's), Unix seconds.
    public var timestamp: Int64
    /// The gateway's clock when it arrived, Unix seconds.
    public var receivedAt: Int64
    /// Where it came from: `udp`, `rest` or `backfill`.
    public var source: String
    /// Why it was quarantined.
    public var reason: Reason
    /// The datagram's text (UDP) or the message as a datagram's JSON (REST).
    public var message: String

    /// Creates a record.
    public init(serial: String, type: String, timestamp: Int64, receivedAt: Int64, source: String, reason: Reason, message: String) {
        self.serial = serial
        self.type = type
        self.timestamp = timestamp
        self.receivedAt = receivedAt
        self.source = source
        self.reason = reason
        self.message = message
    }
}
