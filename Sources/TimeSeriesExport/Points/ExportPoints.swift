// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology
import Pipeline
import Storage

/// The points of `docs/export.md`: each stored fact as one line of the
/// InfluxDB line protocol, stamped with its own time, tagged with its
/// station, serial, device type and source. Observations and wind are
/// sent corrected with each station's calibration of their time (`corrector`).
public struct ExportPoints: Sendable {
    /// The `station` tag of each device listed by a station.
    private let stationBySerial: [String: String]
    /// The `station` tag of a device no station lists: the first station's.
    private let defaultStation: String
    /// Each device's zone, whose days bound the stamp of its daily summary.
    private let zones: StationZones
    /// Each station's calibration (none by default: raw values).
    private let corrector: ObservationCorrector

    /// Points for devices whose station tag `stationBySerial` gives (else
    /// `defaultStation`), with each device's daily summaries stamped within
    /// its day in its station's zone (`zones`), observations and wind
    /// corrected by `corrector`.
    public init(
        stationBySerial: [String: String], defaultStation: String, zones: StationZones, corrector: ObservationCorrector = ObservationCorrector()
    ) {
        self.stationBySerial = stationBySerial
        self.defaultStation = defaultStation
        self.zones = zones
        self.corrector = corrector
    }

    /// Points as above with every device's days in `zone`.
    public init(stationBySerial: [String: String], defaultStation: String, zone: TimeZoneRules) {
        self.init(stationBySerial: stationBySerial, defaultStation: defaultStation, zones: StationZones(zone))
    }

    /// Measurement names.
    public enum Measurement {
        /// Observations of every device kind.
        public static let observation = "tempest_observation"
        /// Lightning strikes.
        public static let lightningStrike = "tempest_lightning_strike"
        /// Rain starts.
        public static let rainStart = "tempest_rain_start"
        /// Daily summaries.
        public static let dailySummary = "tempest_daily_summary"
        /// 3-second wind, when asked for.
        public static let rapidWind = "tempest_rapid_wind"
    }

    /// An observation's point; nil when it carries no value.
    public func line(_ record: ObservationRecord) -> String? {
        let record = corrector.corrected(record)
        var point = InfluxLine(measurement: Measurement.observation, tags: tags(serial: record.serial, deviceType: Self.deviceType(record.kind), source: record.source))
        point.add("wind_lull_m_s", record.windLullMetersPerSecond)
        point.add("wind_avg_m_s", record.windAverageMetersPerSecond)
        point.add("wind_gust_m_s", record.windGustMetersPerSecond)
        point.add("wind_direction_deg", record.windDirectionDegrees)
        point.add("wind_sample_interval_s", record.windSampleIntervalSeconds)
        point.add("station_pressure_hpa", record.stationPressureMillibars)
        point.add("air_temperature_c", record.airTemperatureCelsius)
        point.add("relative_humidity_percent", record.relativeHumidityPercent)
        point.add("illuminance_lux", record.illuminanceLux)
        point.add("uv_index", record.uvIndex)
        point.add("solar_radiation_w_m2", record.solarRadiationWattsPerSquareMeter)
        point.add("rain_mm", record.rainAccumulatedMillimeters)
        point.add("precipitation_type", record.precipitationType)
        point.add("lightning_strike_avg_distance_km", record.lightningStrikeAverageDistanceKilometers)
        point.add("lightning_strike_count", record.lightningStrikeCount)
        point.add("battery_v", record.batteryVolts)
        point.add("report_interval_min", record.reportIntervalMinutes)
        point.add("local_day_rain_mm", record.localDayRainAccumulationMillimeters)
        point.add("nearcast_rain_mm", record.nearCastRainAccumulationMillimeters)
        point.add("local_day_nearcast_rain_mm", record.localDayNearCastRainAccumulationMillimeters)
        point.add("precipitation_analysis_type", record.precipitationAnalysisType)
        point.add(
            "dew_point_c",
            Psychrometrics.dewPointCelsius(airTemperatureCelsius: record.airTemperatureCelsius, relativeHumidityPercent: record.relativeHumidityPercent)
                .map(Self.hundredths))
        return point.text(timestampSeconds: record.timestamp)
    }

    /// A lightning strike's point.
    public func line(_ record: LightningStrikeRecord) -> String? {
        var point = InfluxLine(measurement: Measurement.lightningStrike, tags: tags(serial: record.serial, deviceType: Self.deviceType(serial: record.serial), source: nil))
        point.add("distance_km", record.distanceKilometers)
        point.add("energy", record.energy)
        return point.text(timestampSeconds: record.timestamp)
    }

    /// A 3-second wind sample's point.
    public func line(_ record: RapidWindRecord) -> String? {
        let record = corrector.current.corrected(record)
        var point = InfluxLine(measurement: Measurement.rapidWind, tags: tags(serial: record.serial, deviceType: Self.deviceType(serial: record.serial), source: nil))
        point.add("wind_speed_m_s", record.speedMetersPerSecond)
        point.add("wind_direction_deg", record.directionDegrees)
        return point.text(timestampSeconds: record.timestamp)
    }

    /// A rain start's point.
    public func line(_ record: RainStartRecord) -> String? {
        var point = InfluxLine(measurement: Measurement.rainStart, tags: tags(serial: record.serial, deviceType: Self.deviceType(serial: record.serial), source: nil))
        point.add("rain_start", 1)
        return point.text(timestampSeconds: record.timestamp)
    }

    /// A daily summary's point: the day's figures so far, stamped when they
    /// last changed, within their own local day (a change made later, such
    /// as by a REST backfill, at the day's last second); nil when its date
    /// does not read. Every change is its own point, never a rewrite of the
    /// same timestamp: VictoriaMetrics' deduplication keeps the highest of
    /// two values at one timestamp in its newer versions, which would keep
    /// a day's first minimum temperature instead of its last.
    public func line(_ record: DailySummaryRecord) -> String? {
        guard let date = LocalDate(record.localDate) else { return nil }
        var point = InfluxLine(measurement: Measurement.dailySummary, tags: tags(serial: record.serial, deviceType: Self.deviceType(serial: record.serial), source: nil))
        point.add("rain_mm", record.rainMillimeters)
        point.add("rain_minutes", record.rainMinutes)
        point.add("strike_count", record.strikeCount)
        point.add("closest_strike_km", record.closestStrikeKilometers)
        point.add("max_air_temperature_c", record.maximumTemperatureCelsius)
        point.add("min_air_temperature_c", record.minimumTemperatureCelsius)
        point.add("max_wind_gust_m_s", record.maximumGustMetersPerSecond)
        // The growers' figures (docs/data.md); degree days follow from the
        // temperatures and the base a dashboard picks.
        let growers = record.growers
        point.add("et0_mm", growers.referenceEvapotranspirationMillimeters)
        point.add("sunshine_minutes", growers.sunshineMinutes)
        point.add("chill_hours", growers.chillMinutes.map { Double($0) / 60 })
        point.add("solar_energy_mj_m2", growers.solarEnergyMegajoulesPerSquareMeter)
        point.add("min_relative_humidity", growers.minimumHumidityPercent)
        point.add("max_relative_humidity", growers.maximumHumidityPercent)
        point.add("mean_wind_avg_m_s", growers.meanWindMetersPerSecond)
        return point.text(timestampSeconds: timestamp(of: record, on: date))
    }

    /// When a daily summary's point is stamped (see `line(_:)`), nil when
    /// its date does not read.
    public func timestamp(of record: DailySummaryRecord) -> Int64? {
        LocalDate(record.localDate).map { timestamp(of: record, on: $0) }
    }

    private func timestamp(of record: DailySummaryRecord, on date: LocalDate) -> Int64 {
        let zone = zones.zone(of: record.serial)
        return min(max(record.updatedAt, zone.startOfDay(date)), zone.startOfDay(date.next) - 1)
    }


    /// The field part of a point's line (between its tags and its timestamp),
    /// to tell whether two points say the same.
    static func fields(of line: String) -> String {
        let parts = line.split(separator: " ")
        return parts.count >= 3 ? String(parts[parts.count - 2]) : line
    }

    /// The station tag of `serial`.
    public func station(of serial: String) -> String {
        stationBySerial[serial] ?? defaultStation
    }

    /// Tags in sorted key order (what InfluxDB indexes fastest).
    private func tags(serial: String, deviceType: String, source: ObservationRecord.Source?) -> [(key: String, value: String)] {
        var tags: [(key: String, value: String)] = [("device_type", deviceType), ("serial", serial)]
        if let source { tags.append(("source", Self.sourceName(source))) }
        tags.append(("station", station(of: serial)))
        return tags
    }

    static func deviceType(_ kind: ObservationRecord.Kind) -> String {
        switch kind {
        case .tempest: "tempest"
        case .air: "air"
        case .sky: "sky"
        }
    }

    /// The device type a serial's prefix names (`ST-`, `AR-`, `SK-`).
    static func deviceType(serial: String) -> String {
        if serial.hasPrefix("ST-") { return "tempest" }
        if serial.hasPrefix("AR-") { return "air" }
        if serial.hasPrefix("SK-") { return "sky" }
        return "unknown"
    }

    static func sourceName(_ source: ObservationRecord.Source) -> String {
        switch source {
        case .udp: "udp"
        case .rest: "rest"
        case .backfill: "backfill"
        case .websocket: "websocket"
        }
    }

    /// A derived value to the hundredth, the precision of its inputs.
    static func hundredths(_ value: Double) -> Double {
        (value * 100).rounded() / 100
    }
}
