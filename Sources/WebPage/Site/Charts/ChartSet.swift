// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology
import Pipeline
import Storage

/// Every series of the Charts page over one period, read in one pass over
/// the station devices' observations (packed days included), their
/// strikes and the stored forecast, in the configured units. Dew point and
/// feels-like come from `DerivedObservation`, the formulas MQTT publishes.
///
/// The devices of the station are read together, so that an AIR and a SKY
/// make one set of charts; hubs have no observations.
struct ChartSet {
    var period: ChartPeriod
    var airTemperature, dewPoint, feelsLike, forecastTemperature: ChartSeries
    var humidity, pressure: ChartSeries
    var windAverage, windGust, windDirection: ChartSeries
    var rain, forecastPrecipitation: ChartSeries
    var illuminance, solarRadiation, uvIndex: ChartSeries
    var strikes: ChartSeries
    /// Each day's ET₀ and sunshine hours (the last 7 days only: a day's
    /// figure, drawn at its local noon), from the daily summaries.
    var evapotranspiration, sunshine: ChartSeries

    /// The most strikes drawn as dots (the table counts them all).
    static let strikeDotLimit = 1_000

    /// Empty series over `period`.
    init(period: ChartPeriod, units: WebUnits) {
        self.period = period
        airTemperature = ChartSeries("Air temperature", period: period)
        dewPoint = ChartSeries("Dew point", period: period, style: "s2", dash: "6 3")
        feelsLike = ChartSeries("Feels like", period: period, style: "s3", dash: "2 3")
        forecastTemperature = ChartSeries("Forecast", period: period, style: "s4", dash: "9 4", bucketSeconds: 3_600)
        forecastTemperature.isForecast = true
        humidity = ChartSeries("Relative humidity", period: period, decimals: 0)
        pressure = ChartSeries("Station pressure", period: period, decimals: units.decimals(field: "station_pressure"))
        windAverage = ChartSeries("Wind average", period: period)
        windGust = ChartSeries("Wind gust", period: period, reduction: .maximum, style: "s2", dash: "6 3")
        windDirection = ChartSeries("Wind direction", period: period, reduction: .direction, mark: .dots, style: "s2", decimals: 0)
        let rainDecimals = units.decimals(field: "rain_accumulated") + 1
        rain = ChartSeries(
            "Rain per interval", period: period, reduction: .sum, mark: .bars, style: "s2", decimals: rainDecimals,
            bucketSeconds: period.tableSeconds)
        forecastPrecipitation = ChartSeries(
            "Forecast", period: period, reduction: .sum, style: "s4", dash: "9 4", decimals: rainDecimals, bucketSeconds: 3_600)
        forecastPrecipitation.isForecast = true
        illuminance = ChartSeries("Illuminance", period: period, style: "s3", decimals: 0)
        solarRadiation = ChartSeries("Solar radiation", period: period, style: "s1", dash: "6 3", decimals: 0)
        uvIndex = ChartSeries("UV index", period: period, reduction: .maximum, style: "s4", dash: "2 3")
        strikes = ChartSeries("Lightning strike", period: period, reduction: .minimum, mark: .dots, style: "s1", decimals: 0)
        evapotranspiration = ChartSeries(
            "Reference evapotranspiration", period: period, reduction: .sum, mark: .bars, style: "s1", decimals: rainDecimals,
            bucketSeconds: 86_400)
        sunshine = ChartSeries("Sunshine", period: period, reduction: .sum, mark: .bars, style: "s3", bucketSeconds: 86_400)
    }

    /// The series read from `store`, observations corrected by `correction`.
    static func load(
        from store: Store, period: ChartPeriod, units: WebUnits, forecastLocationKey: String?, zones: StationZones,
        correction: ObservationCorrection = .none
    ) throws -> ChartSet {
        var set = ChartSet(period: period, units: units)
        let serials = try store.devices().filter { $0.kind != .hub }.map(\.serial)
        for serial in serials {
            // A value the quality checks judged bad leaves a gap.
            let bad = try store.badValues(serial: serial, from: period.start, to: period.end)
            try store.forEachObservation(serial: serial, from: period.start, to: period.end) {
                set.add(correction.corrected(bad.removing(from: $0)), units: units)
            }
        }
        if case .last7Days = period.kind {
            for serial in serials { try set.addDays(of: serial, from: store, zone: zones.zone(of: serial), units: units) }
        }
        let admitted = Set(serials)
        var drawn = 0
        for strike in try store.lightningStrikes(from: period.start, to: period.end) where admitted.contains(strike.serial) {
            let distance = units.converted(field: "lightning_strike_last_distance", Double(strike.distanceKilometers))
            if drawn < strikeDotLimit {
                set.strikes.addPoint(distance, at: strike.timestamp)
                drawn += 1
            } else {
                set.strikes.add(distance, at: strike.timestamp)
            }
        }
        let forecast = try ForecastOverlay.load(from: store, locationKey: forecastLocationKey, from: period.start, to: period.end)
        for hour in forecast.temperatures {
            set.forecastTemperature.add(units.converted(field: "air_temperature", hour.celsius), at: hour.at)
        }
        for hour in forecast.precipitation {
            set.forecastPrecipitation.add(units.converted(field: "rain_accumulated", hour.millimeters), at: hour.at)
        }
        return set
    }

    /// Takes in the growers' figures of the days of `serial` whose local
    /// noon (in `zone`) falls within the period.
    mutating func addDays(of serial: String, from store: Store, zone: TimeZoneRules, units: WebUnits) throws {
        let first = zone.localDate(at: period.start)
        let last = zone.localDate(at: period.end - 1)
        try store.forEachDailySummary(serial: serial) { record in
            guard let date = LocalDate(record.localDate), date >= first, date <= last else { return }
            let noon = zone.startOfDay(date) + 12 * 3_600
            guard noon >= period.start, noon < period.end else { return }
            if let millimeters = record.growers.referenceEvapotranspirationMillimeters {
                evapotranspiration.add(units.converted(field: "reference_evapotranspiration_yesterday", millimeters), at: noon)
            }
            if let minutes = record.growers.sunshineMinutes { sunshine.add(Double(minutes) / 60, at: noon) }
        }
    }

    /// Takes in one observation.
    mutating func add(_ record: ObservationRecord, units: WebUnits) {
        let at = record.timestamp
        let derived = DerivedObservation(DerivedObservation.Inputs(record))
        func put(_ series: inout ChartSeries, _ field: String, _ value: Double?) {
            if let value { series.add(units.converted(field: field, value), at: at) }
        }
        put(&airTemperature, "air_temperature", record.airTemperatureCelsius)
        put(&dewPoint, "dew_point", derived.dewPointCelsius)
        put(&feelsLike, "feels_like", derived.feelsLikeCelsius)
        put(&humidity, "", record.relativeHumidityPercent)
        put(&pressure, "station_pressure", record.stationPressureMillibars)
        put(&windAverage, "wind_avg", record.windAverageMetersPerSecond)
        put(&windGust, "wind_gust", record.windGustMetersPerSecond)
        if let degrees = record.windDirectionDegrees, (record.windAverageMetersPerSecond ?? 1) > 0 {
            windDirection.addDirection(Double(degrees), speedMetersPerSecond: record.windAverageMetersPerSecond, at: at)
        }
        put(&rain, "rain_accumulated", record.rainAccumulatedMillimeters)
        put(&illuminance, "", record.illuminanceLux.map(Double.init))
        put(&solarRadiation, "", record.solarRadiationWattsPerSquareMeter.map(Double.init))
        put(&uvIndex, "", record.uvIndex)
    }
}
