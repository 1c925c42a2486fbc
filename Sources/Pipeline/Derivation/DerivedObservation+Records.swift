// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology
import Storage

extension DerivedObservation.Inputs {
    /// The inputs a stored observation provides (the web page derives dew
    /// point and feels-like from stored rows with the same formulas MQTT uses).
    package init(_ record: ObservationRecord) {
        self.init()
        airTemperatureCelsius = record.airTemperatureCelsius
        relativeHumidityPercent = record.relativeHumidityPercent
        stationPressureMillibars = record.stationPressureMillibars
        windAverageMetersPerSecond = record.windAverageMetersPerSecond
        windGustMetersPerSecond = record.windGustMetersPerSecond
        windDirectionDegrees = record.windDirectionDegrees.map(Double.init)
        windSampleIntervalSeconds = record.windSampleIntervalSeconds.map(Int64.init)
        uvIndex = record.uvIndex
        rainAccumulatedMillimeters = record.rainAccumulatedMillimeters
        reportIntervalMinutes = record.reportIntervalMinutes.map(Int64.init)
        batteryVolts = record.batteryVolts
        isTempest = record.kind == .tempest
    }
}
