// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON
import TempestUDP

extension AirObservation.Row {
    /// Maps one REST `obs_air` row (the UDP layout, 8 values); nil without
    /// a timestamp.
    init?(restRow json: JSONValue) {
        guard let values = json.arrayValue, let seconds = values.first?.int64Value else { return nil }
        self.init(timestamp: UnixTimestamp(secondsSince1970: seconds))
        let slots = RowSlots(values)
        stationPressureMillibars = slots.double(1)
        airTemperatureCelsius = slots.double(2)
        relativeHumidityPercent = slots.double(3)
        lightningStrikeCount = slots.integer(4)
        lightningStrikeAverageDistanceKilometers = slots.double(5)
        batteryVolts = slots.double(6)
        reportIntervalMinutes = slots.integer(7)
    }
}
