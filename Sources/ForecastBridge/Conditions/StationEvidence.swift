// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// What the station measured that can override the forecast's condition.
public struct StationEvidence: Sendable, Hashable {
    /// Rain rate now, millimetres per hour (from the latest observation's
    /// rain over its interval); nil when unknown.
    public var rainRateMillimetresPerHour: Double?
    /// The time of the latest lightning strike the station detected, Unix
    /// seconds; nil when none is known.
    public var lastLightningStrike: Int64?

    /// Creates evidence.
    public init(rainRateMillimetresPerHour: Double? = nil, lastLightningStrike: Int64? = nil) {
        self.rainRateMillimetresPerHour = rainRateMillimetresPerHour
        self.lastLightningStrike = lastLightningStrike
    }
}
