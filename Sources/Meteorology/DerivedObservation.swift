// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Everything derived from one observation row, each nil when an input it
/// needs is missing. Units are SI and protocol units (°C, hPa = mb, m/s,
/// mm/h, m, kg/m³, g/m³). `tempest-gateway decode --derived` prints these
/// under the snake_case names given on each property.
public struct DerivedObservation: Hashable, Sendable {
    /// The raw values a derivation may use, in protocol units.
    public struct Inputs: Hashable, Sendable {
        public var airTemperatureCelsius: Double?
        public var relativeHumidityPercent: Double?
        public var stationPressureMillibars: Double?
        public var windAverageMetersPerSecond: Double?
        public var windGustMetersPerSecond: Double?
        public var windDirectionDegrees: Double?
        public var windSampleIntervalSeconds: Int64?
        public var uvIndex: Double?
        public var rainAccumulatedMillimeters: Double?
        public var reportIntervalMinutes: Int64?
        public var batteryVolts: Double?
        /// True for a Tempest (solar battery), false for AIR/SKY (AA cells).
        public var isTempest: Bool = true

        /// No values; set the ones you have.
        public init() {}
    }

    /// Where the station stands, for sea-level pressure.
    public struct Site: Hashable, Sendable {
        /// Station elevation above sea level, m.
        public var elevationMeters: Double
        /// The sensor's height above ground, m.
        public var sensorHeightAboveGroundMeters: Double

        /// Creates a site.
        public init(elevationMeters: Double, sensorHeightAboveGroundMeters: Double = 0) {
            self.elevationMeters = elevationMeters
            self.sensorHeightAboveGroundMeters = sensorHeightAboveGroundMeters
        }
    }

    /// `dew_point`, °C.
    public var dewPointCelsius: Double?
    /// `feels_like`, °C (WeatherFlow rule).
    public var feelsLikeCelsius: Double?
    /// `heat_index`, °C (WeatherFlow variant, as the Tempest app shows).
    public var heatIndexCelsius: Double?
    /// `heat_index_nws`, °C (the full NWS procedure).
    public var heatIndexNWSCelsius: Double?
    /// `wind_chill`, °C.
    public var windChillCelsius: Double?
    /// `sea_level_pressure`, mb (needs the site).
    public var seaLevelPressureMillibars: Double?
    /// `wet_bulb`, °C.
    public var wetBulbCelsius: Double?
    /// `delta_t`, °C.
    public var deltaTCelsius: Double?
    /// `air_density`, kg/m³.
    public var airDensityKilogramsPerCubicMeter: Double?
    /// `vapor_pressure`, hPa.
    public var vaporPressureHectopascals: Double?
    /// `absolute_humidity`, g/m³.
    public var absoluteHumidityGramsPerCubicMeter: Double?
    /// `beaufort` (force 0–12) and `beaufort_description`.
    public var beaufort: Beaufort?
    /// `uv_category` and `uv_advice`.
    public var uvCategory: UVCategory?
    /// `rain_rate`, mm/h.
    public var rainRate: RainRate?
    /// `rain_intensity`.
    public var rainIntensity: RainIntensity?
    /// `cardinal_direction`: N … NNW, or calm.
    public var cardinalDirection: String?
    /// `cloud_base`, m above the station.
    public var cloudBaseMeters: Double?
    /// `dew_point_comfort`.
    public var dewPointComfort: DewPointComfort?
    /// `power_save_mode` (0–3) and `power_save_mode_description`.
    public var powerSaveMode: Int?
    /// `battery_level`.
    public var batteryLevel: BatteryLevel?

    /// Computes every quantity the inputs allow.
    public init(_ inputs: Inputs, site: Site? = nil) {
        let temperature = inputs.airTemperatureCelsius
        let humidity = inputs.relativeHumidityPercent
        let pressure = inputs.stationPressureMillibars
        dewPointCelsius = Psychrometrics.dewPointCelsius(airTemperatureCelsius: temperature, relativeHumidityPercent: humidity)
        feelsLikeCelsius = ApparentTemperature.feelsLikeCelsius(
            airTemperatureCelsius: temperature, relativeHumidityPercent: humidity,
            windAverageMetersPerSecond: inputs.windAverageMetersPerSecond)
        heatIndexCelsius = ApparentTemperature.heatIndexWeatherFlowCelsius(
            airTemperatureCelsius: temperature, relativeHumidityPercent: humidity)
        heatIndexNWSCelsius = ApparentTemperature.heatIndexNWSCelsius(
            airTemperatureCelsius: temperature, relativeHumidityPercent: humidity)
        windChillCelsius = ApparentTemperature.windChillCelsius(
            airTemperatureCelsius: temperature, windAverageMetersPerSecond: inputs.windAverageMetersPerSecond)
        seaLevelPressureMillibars = site.flatMap {
            SeaLevelPressure.millibars(
                stationPressureMillibars: pressure, elevationMeters: $0.elevationMeters,
                sensorHeightAboveGroundMeters: $0.sensorHeightAboveGroundMeters)
        }
        wetBulbCelsius = Psychrometrics.wetBulbCelsius(
            airTemperatureCelsius: temperature, relativeHumidityPercent: humidity, stationPressureMillibars: pressure)
        deltaTCelsius = wetBulbCelsius.flatMap { wetBulb in temperature.map { $0 - wetBulb } }
        airDensityKilogramsPerCubicMeter = Psychrometrics.airDensityKilogramsPerCubicMeter(
            stationPressureMillibars: pressure, airTemperatureCelsius: temperature)
        vaporPressureHectopascals = Psychrometrics.vaporPressureHectopascals(
            airTemperatureCelsius: temperature, relativeHumidityPercent: humidity)
        absoluteHumidityGramsPerCubicMeter = Psychrometrics.absoluteHumidityGramsPerCubicMeter(
            airTemperatureCelsius: temperature, relativeHumidityPercent: humidity)
        beaufort = Beaufort(windSpeedMetersPerSecond: inputs.windAverageMetersPerSecond)
        uvCategory = UVCategory(uvIndex: inputs.uvIndex)
        rainRate = RainIntensity.rate(
            rainAccumulatedMillimeters: inputs.rainAccumulatedMillimeters, reportIntervalMinutes: inputs.reportIntervalMinutes)
        rainIntensity = RainIntensity(rate: rainRate)
        cardinalDirection = CardinalDirection.name(
            directionDegrees: inputs.windDirectionDegrees, speedMetersPerSecond: inputs.windAverageMetersPerSecond)
        cloudBaseMeters = Psychrometrics.cloudBaseMeters(airTemperatureCelsius: temperature, relativeHumidityPercent: humidity)
        dewPointComfort = DewPointComfort(dewPointCelsius: dewPointCelsius)
        powerSaveMode = PowerSaveModeDescription.mode(windSampleIntervalSeconds: inputs.windSampleIntervalSeconds)
        batteryLevel = inputs.isTempest
            ? BatteryLevel(tempestVolts: inputs.batteryVolts) : BatteryLevel(aaCellDeviceVolts: inputs.batteryVolts)
    }
}
