// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON
import TempestUDP

extension TempestObservation.Row {
    /// Maps one REST `obs_st` row (UDP layout plus indices 18–21) onto the
    /// UDP decoder's row type. Nil when the timestamp (index 0) is missing;
    /// any other slot may be null, absent or — for integers — `3.0`.
    ///
    /// Mapping `JSONValue` rows directly (rather than rebuilding datagram text
    /// for `DatagramDecoder`) avoids re-serialising and splitting large
    /// responses into ≤ 40-row pieces; the REST values are already rounded
    /// by the cloud, so the UDP range policy is not re-applied here.
    init?(restRow json: JSONValue) {
        guard let values = json.arrayValue, let seconds = values.first?.int64Value else { return nil }
        self.init(timestamp: UnixTimestamp(secondsSince1970: seconds))
        let slots = RowSlots(values)
        func double(_ index: Int) -> Double? { slots.double(index) }
        func integer(_ index: Int) -> Int64? { slots.integer(index) }
        windLullMetersPerSecond = double(1)
        windAverageMetersPerSecond = double(2)
        windGustMetersPerSecond = double(3)
        windDirectionDegrees = double(4)
        windSampleIntervalSeconds = integer(5)
        stationPressureMillibars = double(6)
        airTemperatureCelsius = double(7)
        relativeHumidityPercent = double(8)
        illuminanceLux = double(9)
        uvIndex = double(10)
        solarRadiationWattsPerSquareMeter = double(11)
        rainAccumulatedMillimeters = double(12)
        precipitationType = integer(13).map(PrecipitationType.init(code:))
        lightningStrikeAverageDistanceKilometers = double(14)
        lightningStrikeCount = integer(15)
        batteryVolts = double(16)
        reportIntervalMinutes = integer(17)
        localDayRainAccumulationMillimeters = double(18)
        nearCastRainAccumulationMillimeters = double(19)
        localDayNearCastRainAccumulationMillimeters = double(20)
        precipitationAnalysisType = integer(21)
    }
}
