// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology
import Storage
import TempestUDP

/// Where the calibrated quantities lie in one kind of row: every value a
/// calibration corrects, with what it measures. One table per row kind,
/// so a row is corrected by one loop and a field is never forgotten in one
/// of several hand-written copies.
///
/// Rain is the haptic gauge's raw rain (and the cloud's raw daily total);
/// NearCast's values are not listed, so they stay as the cloud sent them.
struct CalibratedFields<Row> {
    /// Decimal values.
    var decimals: [(field: WritableKeyPath<Row, Double?>, quantity: Calibration.Quantity)]
    /// Whole-number values (a stored row's direction, illuminance and solar radiation).
    var wholeNumbers: [(field: WritableKeyPath<Row, Int?>, quantity: Calibration.Quantity)] = []

    /// `row` with every listed value corrected by `calibration`.
    func corrected(_ row: Row, by calibration: Calibration) -> Row {
        guard !calibration.isNone else { return row }
        var row = row
        for (field, quantity) in decimals { row[keyPath: field] = calibration.corrected(row[keyPath: field], as: quantity) }
        for (field, quantity) in wholeNumbers { row[keyPath: field] = calibration.corrected(row[keyPath: field], as: quantity) }
        return row
    }
}

extension CalibratedFields where Row == TempestObservation.Row {
    /// `obs_st`.
    static var tempest: Self {
        Self(decimals: [
            (\.airTemperatureCelsius, .temperature), (\.relativeHumidityPercent, .humidity), (\.stationPressureMillibars, .pressure),
            (\.windLullMetersPerSecond, .windSpeed), (\.windAverageMetersPerSecond, .windSpeed), (\.windGustMetersPerSecond, .windSpeed),
            (\.windDirectionDegrees, .windDirection), (\.rainAccumulatedMillimeters, .rain), (\.localDayRainAccumulationMillimeters, .rain),
            (\.illuminanceLux, .illuminance), (\.uvIndex, .uv), (\.solarRadiationWattsPerSquareMeter, .solarRadiation),
        ])
    }
}

extension CalibratedFields where Row == AirObservation.Row {
    /// `obs_air`.
    static var air: Self {
        Self(decimals: [(\.airTemperatureCelsius, .temperature), (\.relativeHumidityPercent, .humidity), (\.stationPressureMillibars, .pressure)])
    }
}

extension CalibratedFields where Row == SkyObservation.Row {
    /// `obs_sky`.
    static var sky: Self {
        Self(decimals: [
            (\.windLullMetersPerSecond, .windSpeed), (\.windAverageMetersPerSecond, .windSpeed), (\.windGustMetersPerSecond, .windSpeed),
            (\.windDirectionDegrees, .windDirection), (\.rainAccumulatedMillimeters, .rain), (\.localDayRainAccumulationMillimeters, .rain),
            (\.illuminanceLux, .illuminance), (\.uvIndex, .uv), (\.solarRadiationWattsPerSquareMeter, .solarRadiation),
        ])
    }
}

extension CalibratedFields where Row == ObservationRecord {
    /// A stored observation of any layout.
    static var record: Self {
        Self(
            decimals: [
                (\.airTemperatureCelsius, .temperature), (\.relativeHumidityPercent, .humidity), (\.stationPressureMillibars, .pressure),
                (\.windLullMetersPerSecond, .windSpeed), (\.windAverageMetersPerSecond, .windSpeed), (\.windGustMetersPerSecond, .windSpeed),
                (\.rainAccumulatedMillimeters, .rain), (\.localDayRainAccumulationMillimeters, .rain), (\.uvIndex, .uv),
            ],
            wholeNumbers: [(\.windDirectionDegrees, .windDirection), (\.illuminanceLux, .illuminance), (\.solarRadiationWattsPerSquareMeter, .solarRadiation)])
    }
}
