// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Storage

extension ObservationRecord {
    /// The stored row as mode `websocket` counts it: NearCast rain standing
    /// in where the gauge's is unknown, as `TempestMessage.withNearCastRainStandingIn()`
    /// did when it arrived (for the totals and figures rebuilt on start).
    public func withNearCastRainStandingIn() -> ObservationRecord {
        var record = self
        record.rainAccumulatedMillimeters = rainAccumulatedMillimeters ?? nearCastRainAccumulationMillimeters
        record.localDayRainAccumulationMillimeters =
            localDayRainAccumulationMillimeters ?? localDayNearCastRainAccumulationMillimeters
        return record
    }
}
