// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON
import Meteorology
import TempestUDP

extension DerivedObservation.Inputs {
    /// The inputs a decoded observation row provides: the fields of its
    /// kind's table that `DerivedObservation.Inputs.landings` takes.
    public init(_ row: ObservationRow) {
        self.init()
        switch row {
        case .tempest(let row):
            Self.landings.fill(&self, from: row)
            isTempest = true
        case .air(let row):
            Self.landings.fill(&self, from: row)
            isTempest = false
        case .sky(let row):
            Self.landings.fill(&self, from: row)
            isTempest = false
        }
    }
}

extension DerivedObservation {
    /// Writes the `derived` members under their snake_case names, SI and
    /// protocol units, `null` where a value cannot be computed.
    public func writeJSONMembers(into json: inout JSONWriter) {
        json.member("dew_point", dewPointCelsius)
        json.member("feels_like", feelsLikeCelsius)
        json.member("heat_index", heatIndexCelsius)
        json.member("heat_index_nws", heatIndexNWSCelsius)
        json.member("wind_chill", windChillCelsius)
        json.member("sea_level_pressure", seaLevelPressureMillibars)
        json.member("wet_bulb", wetBulbCelsius)
        json.member("delta_t", deltaTCelsius)
        json.member("air_density", airDensityKilogramsPerCubicMeter)
        json.member("vapor_pressure", vaporPressureHectopascals)
        json.member("absolute_humidity", absoluteHumidityGramsPerCubicMeter)
        json.member("beaufort", beaufort.map { Int64($0.force) })
        json.member("beaufort_description", beaufort?.description)
        json.member("uv_category", uvCategory?.rawValue)
        json.member("uv_advice", uvCategory?.protectionAdvice)
        json.member("rain_rate", rainRate?.millimetersPerHour)
        json.member("rain_intensity", rainIntensity?.rawValue)
        json.member("cardinal_direction", cardinalDirection)
        json.member("cloud_base", cloudBaseMeters)
        json.member("dew_point_comfort", dewPointComfort?.rawValue)
        json.member("power_save_mode", powerSaveMode.map(Int64.init))
        json.member("power_save_mode_description", powerSaveMode.map(PowerSaveModeDescription.text(mode:)))
        json.member("battery_level", batteryLevel?.rawValue)
    }
}
