// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON
import TempestUDP

/// The latest federated observation of a station (`/observations/station/{id}`,
/// `obs[0]`). Values are metric whatever the owner's display units; any key
/// may be absent, so every value is optional.
public struct StationObservation: Sendable, Hashable {
    /// Observation time.
    public var timestamp: UnixTimestamp?
    /// `falling`, `steady` or `rising` (cloud-derived).
    public var pressureTrend: String?
    /// Time of the last strike.
    public var lightningStrikeLastTime: UnixTimestamp?
    /// Yesterday's precipitation analysis code (section 4.2).
    public var precipitationAnalysisTypeYesterday: Int?
    /// Air temperature, °C. (`air_temperature`)
    public var airTemperatureCelsius: Double?
    /// Relative humidity, %. (`relative_humidity`)
    public var relativeHumidityPercent: Double?
    /// Pressure at the sensor, mb. (`station_pressure`)
    public var stationPressureMillibars: Double?
    /// Barometric pressure, mb. (`barometric_pressure`)
    public var barometricPressureMillibars: Double?
    /// Sea-level pressure (cloud-derived), mb. (`sea_level_pressure`)
    public var seaLevelPressureMillibars: Double?
    /// Average wind, m/s. (`wind_avg`)
    public var windAverageMetersPerSecond: Double?
    /// Wind gust, m/s. (`wind_gust`)
    public var windGustMetersPerSecond: Double?
    /// Wind lull, m/s. (`wind_lull`)
    public var windLullMetersPerSecond: Double?
    /// Direction the wind blows from, degrees. (`wind_direction`)
    public var windDirectionDegrees: Double?
    /// Solar radiation, W/m². (`solar_radiation`)
    public var solarRadiationWattsPerSquareMeter: Double?
    /// UV index. (`uv`)
    public var uvIndex: Double?
    /// Illuminance, lux. (`brightness`)
    public var illuminanceLux: Double?
    /// Rain in the last minute, mm. (`precip`)
    public var precipitationMillimeters: Double?
    /// Rain in the last hour, mm. (`precip_accum_last_1hr`)
    public var precipitationLastHourMillimeters: Double?
    /// Rain since local midnight, mm. (`precip_accum_local_day`)
    public var precipitationLocalDayMillimeters: Double?
    /// Rain since local midnight after Rain Check, mm. (`precip_accum_local_day_final`)
    public var precipitationLocalDayFinalMillimeters: Double?
    /// Rain yesterday (local), mm. (`precip_accum_local_yesterday`)
    public var precipitationLocalYesterdayMillimeters: Double?
    /// Rain yesterday after Rain Check, mm. (`precip_accum_local_yesterday_final`)
    public var precipitationLocalYesterdayFinalMillimeters: Double?
    /// Minutes with rain today (local), min. (`precip_minutes_local_day`)
    public var precipitationMinutesLocalDay: Double?
    /// Minutes with rain yesterday (local), min. (`precip_minutes_local_yesterday`)
    public var precipitationMinutesLocalYesterday: Double?
    /// Minutes with rain yesterday after Rain Check, min. (`precip_minutes_local_yesterday_final`)
    public var precipitationMinutesLocalYesterdayFinal: Double?
    /// Strikes in the last interval. (`lightning_strike_count`)
    public var lightningStrikeCount: Double?
    /// Strikes in the last hour. (`lightning_strike_count_last_1hr`)
    public var lightningStrikeCountLastHour: Double?
    /// Strikes in the last 3 hours. (`lightning_strike_count_last_3hr`)
    public var lightningStrikeCountLastThreeHours: Double?
    /// Distance of the last strike, km. (`lightning_strike_last_distance`)
    public var lightningStrikeLastDistanceKilometers: Double?
    /// Feels-like temperature, °C. (`feels_like`)
    public var feelsLikeCelsius: Double?
    /// Heat index, °C. (`heat_index`)
    public var heatIndexCelsius: Double?
    /// Wind chill, °C. (`wind_chill`)
    public var windChillCelsius: Double?
    /// Dew point, °C. (`dew_point`)
    public var dewPointCelsius: Double?
    /// Wet-bulb temperature, °C. (`wet_bulb_temperature`)
    public var wetBulbTemperatureCelsius: Double?
    /// Wet-bulb globe temperature, °C. (`wet_bulb_globe_temperature`)
    public var wetBulbGlobeTemperatureCelsius: Double?
    /// Delta T, °C. (`delta_t`)
    public var deltaTCelsius: Double?
    /// Air density, kg/m³. (`air_density`)
    public var airDensityKilogramsPerCubicMeter: Double?

    /// An observation with no values.
    public init() {}

    /// Reads the named keys of one `obs` object; unknown keys are ignored.
    init(json: JSONValue) {
        timestamp = json["timestamp"]?.int64Value.map(UnixTimestamp.init(secondsSince1970:))
        pressureTrend = json["pressure_trend"]?.stringValue
        lightningStrikeLastTime = json["lightning_strike_last_epoch"]?.int64Value.map(UnixTimestamp.init(secondsSince1970:))
        precipitationAnalysisTypeYesterday = json["precip_analysis_type_yesterday"]?.intValue
        airTemperatureCelsius = json["air_temperature"]?.doubleValue
        relativeHumidityPercent = json["relative_humidity"]?.doubleValue
        stationPressureMillibars = json["station_pressure"]?.doubleValue
        barometricPressureMillibars = json["barometric_pressure"]?.doubleValue
        seaLevelPressureMillibars = json["sea_level_pressure"]?.doubleValue
        windAverageMetersPerSecond = json["wind_avg"]?.doubleValue
        windGustMetersPerSecond = json["wind_gust"]?.doubleValue
        windLullMetersPerSecond = json["wind_lull"]?.doubleValue
        windDirectionDegrees = json["wind_direction"]?.doubleValue
        solarRadiationWattsPerSquareMeter = json["solar_radiation"]?.doubleValue
        uvIndex = json["uv"]?.doubleValue
        illuminanceLux = json["brightness"]?.doubleValue
        precipitationMillimeters = json["precip"]?.doubleValue
        precipitationLastHourMillimeters = json["precip_accum_last_1hr"]?.doubleValue
        precipitationLocalDayMillimeters = json["precip_accum_local_day"]?.doubleValue
        precipitationLocalDayFinalMillimeters = json["precip_accum_local_day_final"]?.doubleValue
        precipitationLocalYesterdayMillimeters = json["precip_accum_local_yesterday"]?.doubleValue
        precipitationLocalYesterdayFinalMillimeters = json["precip_accum_local_yesterday_final"]?.doubleValue
        precipitationMinutesLocalDay = json["precip_minutes_local_day"]?.doubleValue
        precipitationMinutesLocalYesterday = json["precip_minutes_local_yesterday"]?.doubleValue
        precipitationMinutesLocalYesterdayFinal = json["precip_minutes_local_yesterday_final"]?.doubleValue
        lightningStrikeCount = json["lightning_strike_count"]?.doubleValue
        lightningStrikeCountLastHour = json["lightning_strike_count_last_1hr"]?.doubleValue
        lightningStrikeCountLastThreeHours = json["lightning_strike_count_last_3hr"]?.doubleValue
        lightningStrikeLastDistanceKilometers = json["lightning_strike_last_distance"]?.doubleValue
        feelsLikeCelsius = json["feels_like"]?.doubleValue
        heatIndexCelsius = json["heat_index"]?.doubleValue
        windChillCelsius = json["wind_chill"]?.doubleValue
        dewPointCelsius = json["dew_point"]?.doubleValue
        wetBulbTemperatureCelsius = json["wet_bulb_temperature"]?.doubleValue
        wetBulbGlobeTemperatureCelsius = json["wet_bulb_globe_temperature"]?.doubleValue
        deltaTCelsius = json["delta_t"]?.doubleValue
        airDensityKilogramsPerCubicMeter = json["air_density"]?.doubleValue
    }
}
