// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// One value of one observation row that is not good: which, how bad, and why.
public struct ValueFinding: Hashable, Sendable {
    /// The device's serial.
    public var serial: String
    /// The row's time, epoch seconds.
    public var timestamp: Int64
    /// The value's protocol name (`air_temperature`, `rain_accumulated`, …).
    public var field: String
    /// Suspect or bad.
    public var verdict: QualityVerdict
    /// The rule that judged it.
    public var reason: QualityReason

    /// Creates a finding.
    public init(serial: String, timestamp: Int64, field: String, verdict: QualityVerdict, reason: QualityReason) {
        self.serial = serial
        self.timestamp = timestamp
        self.field = field
        self.verdict = verdict
        self.reason = reason
    }
}
