// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON
import TempestUDP

extension SkyObservation.Row {
    /// Maps one REST `obs_sky` row (UDP indices 0–13 plus 14–16); nil
    /// without a timestamp.
    init?(restRow json: JSONValue) {
        guard let values = json.arrayValue, let seconds = values.first?.int64Value else { return nil }
        self.init(timestamp: UnixTimestamp(secondsSince1970: seconds))
        let slots = RowSlots(values)
        illuminanceLux = slots.double(1)
        uvIndex = slots.double(2)
        rainAccumulatedMillimeters = slots.double(3)
        windLullMetersPerSecond = slots.double(4)
        windAverageMetersPerSecond = slots.double(5)
        windGustMetersPerSecond = slots.double(6)
        windDirectionDegrees = slots.double(7)
        batteryVolts = slots.double(8)
        reportIntervalMinutes = slots.integer(9)
        solarRadiationWattsPerSquareMeter = slots.double(10)
        localDayRainAccumulationMillimeters = slots.double(11)
        precipitationType = slots.integer(12).map(PrecipitationType.init(code:))
        windSampleIntervalSeconds = slots.integer(13)
        nearCastRainAccumulationMillimeters = slots.double(14)
        localDayNearCastRainAccumulationMillimeters = slots.double(15)
        precipitationAnalysisType = slots.integer(16)
    }
}
