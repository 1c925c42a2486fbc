// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology

/// One station's calibration set with the time it took effect (schema
/// version 10): rows measured from `effectiveAt` on are read corrected
/// with it, until the station's next set.
public struct CalibrationSetRecord: Sendable, Equatable {
    /// The station's key: `station_id:<id>`, else `station:<position>`.
    public var station: String
    /// When the set took effect, seconds since the Unix epoch.
    public var effectiveAt: Int64
    /// The offsets and factors.
    public var calibration: Calibration

    /// A set for `station` from `effectiveAt` on.
    public init(station: String, effectiveAt: Int64, calibration: Calibration) {
        self.station = station
        self.effectiveAt = effectiveAt
        self.calibration = calibration
    }
}
