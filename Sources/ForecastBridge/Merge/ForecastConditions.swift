// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The merge published as "conditions": the station is authoritative for
/// what it measures (temperature, humidity, wind, UV, rain, today's
/// observed extremes); the forecast supplies what it cannot (cloud cover,
/// weather code, precipitation probability, visibility, today's forecast
/// high and low, sunrise and sunset). The condition is the forecast's WMO
/// code by day or night, overridden by the station's rain and lightning; the
/// observed-minus-forecast difference, the recent bias and the locally
/// corrected temperatures for the next hours come from ``LocalCorrection``.
///
/// Values stay in the units Open-Meteo and the station use (°C, %, m/s, mm,
/// m, °); ``ForecastPublications`` converts them for publishing.
public struct ForecastConditions: Sendable {
    /// One published value.
    public enum Value: Sendable, Equatable {
        /// A measurement in `unit`.
        case number(Double, ForecastUnit)
        /// A temperature difference, °C (converted without an offset).
        case difference(Double)
        /// A rain rate, mm/h.
        case rainRate(Double)
        /// Text (a condition, a description).
        case text(String)
        /// An instant, Unix seconds (published as ISO 8601).
        case instant(Int64)
        /// True or false.
        case flag(Bool)
    }

    /// The values in publishing order, each under its field name.
    public private(set) var entries: [(field: String, value: Value)] = []
    /// The corrected temperature (°C) for each coming hour of the forecast.
    public let correctedHours: [(time: Int64, value: Double?)]
    /// The bias applied (observed minus forecast over the recent hours), °C; nil without station data.
    public let biasCelsius: Double?

    /// Lead times of the published corrected temperatures, hours.
    public static let correctedLeadHours = [1, 3, 6]

    /// `value` as a whole number; nil when absent or not a plausible one.
    public static func whole(_ value: Double?) -> Int64? {
        guard let value, value.isFinite, abs(value) < 1e15 else { return nil }
        return Int64(value.rounded())
    }

    /// The index of the step of `series` containing `time`; nil before the
    /// series or more than `length` seconds after its last step starts.
    public static func step(_ series: ForecastSeries?, containing time: Int64, length: Int64) -> Int? {
        guard let series, let index = series.index(containing: time), time < series.times[index] + length else { return nil }
        return index
    }

    /// The value of `field`, if present.
    public func value(_ field: String) -> Value? { entries.first { $0.field == field }?.value }

    /// The merge of `served` with `station` at `now`.
    public init(_ served: ServedForecast, station: StationReading?, now: Int64) {
        let forecast = served.response
        let hourly = forecast.hourly
        let daily = forecast.daily
        let hourIndex = Self.step(hourly, containing: now, length: 3600)
        // A day is 23 to 25 hours long where clocks change.
        let dayIndex = Self.step(daily, containing: now, length: 25 * 3600)
        // `current` describes the time of the fetch: it speaks for now only within the hour.
        let current = (forecast.current?.time ?? served.fetchedAt) >= now - 3600 ? forecast.current : nil
        /// The forecast's value now: the `current` section, else the hour containing now.
        func forecastNow(_ variable: String) -> Double? {
            current?.value(variable) ?? hourIndex.flatMap { hourly?.value(variable, at: $0) }
        }
        func today(_ variable: String) -> Double? { dayIndex.flatMap { daily?.value(variable, at: $0) } }

        let sunrise = Self.whole(today("sunrise"))
        let sunset = Self.whole(today("sunset"))
        let isDay: Bool =
            if let sunrise, let sunset { ConditionResolver.isDay(now: now, sunrise: sunrise, sunset: sunset) } else {
                (forecastNow("is_day") ?? 1) != 0
            }
        let code = Self.whole(forecastNow("weather_code")).map { Int($0) }
        let condition = ConditionResolver.condition(weatherCode: code, isDay: isDay, station: station?.evidence ?? StationEvidence(), now: now)

        // Correction: observed minus forecast now, and the recent bias.
        var difference: Double?
        var bias: Double?
        if let hourly, let station, let observed = station.airTemperatureCelsius {
            difference = LocalCorrection.difference(TimedValue(time: station.observedAt, value: observed), forecast: hourly)
            bias = LocalCorrection.bias(station.recentTemperatures, forecast: hourly) ?? difference
        }
        biasCelsius = bias
        correctedHours = hourly.map { LocalCorrection.correctedSeries($0, bias: bias ?? 0, now: now, hours: 48) } ?? []

        var entries: [(String, Value)] = []
        func add(_ field: String, _ value: Value?) { if let value { entries.append((field, value)) } }
        func number(_ value: Double?, _ unit: ForecastUnit) -> Value? { value.map { .number($0, unit) } }
        add("condition", condition.map { .text($0.rawValue) })
        add("time", .instant(now))
        // The station's own values, else the forecast's for the same quantity.
        add("observed_at", station.map { .instant($0.observedAt) })
        add("temperature", number(station?.airTemperatureCelsius ?? forecastNow("temperature_2m"), .celsius))
        add("temperature_source", .text(station?.airTemperatureCelsius != nil ? "station" : "forecast"))
        add("relative_humidity", number(station?.relativeHumidityPercent ?? forecastNow("relative_humidity_2m"), .percent))
        add("wind_speed", number(station?.windAverageMetersPerSecond ?? forecastNow("wind_speed_10m"), .metresPerSecond))
        add("wind_gust", number(station?.windGustMetersPerSecond ?? forecastNow("wind_gusts_10m"), .metresPerSecond))
        add("wind_direction", number(station?.windDirectionDegrees ?? forecastNow("wind_direction_10m"), .degrees))
        add("uv_index", number(station?.uvIndex ?? forecastNow("uv_index"), .index))
        add("rain_rate", station?.rainRateMillimetresPerHour.map { .rainRate($0) })
        add("rain_today", number(station?.rainTodayMillimetres, .millimetres))
        add("observed_high_today", number(station?.highTodayCelsius, .celsius))
        add("observed_low_today", number(station?.lowTodayCelsius, .celsius))
        // What only the forecast knows.
        add("cloud_cover", number(forecastNow("cloud_cover"), .percent))
        add("weather_code", code.map { .number(Double($0), .wmoCode) })
        add("weather", code.flatMap(WMOWeatherCode.description).map { .text($0) })
        add("precipitation_probability", number(forecastNow("precipitation_probability"), .percent))
        add("visibility", number(forecastNow("visibility"), .metres))
        add("temperature_high_today", number(today("temperature_2m_max"), .celsius))
        add("temperature_low_today", number(today("temperature_2m_min"), .celsius))
        add("precipitation_probability_today", number(today("precipitation_probability_max"), .percent))
        let nextHour = Self.step(hourly, containing: now + 3600, length: 3600)
        add(
            "precipitation_probability_next_hour",
            number(nextHour.flatMap { hourly?.value("precipitation_probability", at: $0) }, .percent))
        add("sunrise", sunrise.map { .instant($0) })
        add("sunset", sunset.map { .instant($0) })
        add("is_day", .flag(isDay))
        // The station correcting the model.
        add("observed_minus_forecast", difference.map { .difference($0) })
        add("local_bias", bias.map { .difference($0) })
        if let hourly {
            for lead in Self.correctedLeadHours {
                let seconds = Int64(lead) * 3600
                let corrected = LocalCorrection.interpolated(hourly, "temperature_2m", at: now + seconds)
                    .map { LocalCorrection.corrected($0, bias: bias ?? 0, leadSeconds: seconds) }
                add("corrected_temperature_\(lead)h", number(corrected, .celsius))
            }
        }
        add("forecast_fetched_at", .instant(served.fetchedAt))
        add("forecast_age_minutes", .number(Double(served.ageMinutes(now: now)), .index))
        add("forecast_current", .flag(served.isCurrent))
        self.entries = entries
    }
}
