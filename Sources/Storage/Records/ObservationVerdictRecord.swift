// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The quality checks' verdict on one value of a stored observation row
/// (`observation_verdicts`): only values that are not good have one. The
/// row's raw value stays as it is.
public struct ObservationVerdictRecord: Sendable, Equatable {
    /// Serial of the device.
    public var serial: String
    /// The observation row's time, epoch seconds.
    public var timestamp: Int64
    /// The value's protocol name (`air_temperature`, …).
    public var field: String
    /// `suspect` or `bad`.
    public var verdict: String
    /// The rule's reason code (`sensor_failed`, …).
    public var reason: String

    /// Creates a verdict.
    public init(serial: String, timestamp: Int64, field: String, verdict: String, reason: String) {
        self.serial = serial
        self.timestamp = timestamp
        self.field = field
        self.verdict = verdict
        self.reason = reason
    }
}
