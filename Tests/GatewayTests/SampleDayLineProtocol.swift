// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import TempestTestKit

/// The repository's sample day (Samples/sample-day.jsonl) as the InfluxDB
/// line protocol points docs/export.md defines, built by the test itself
/// from the datagrams (decoded with JSONSerialization), for any number of
/// stations that all saw the same day under their own serial. A stand-in
/// for the gateway's own export, and the measure of what a station-day
/// costs in points and bytes.
///
/// Numbers are written in the shortest form that reads back the same
/// (`25.25`, a whole number without `.0`: the line protocol reads both as
/// floats); the derived dew point is rounded to 0.01 °C, the daily rain
/// total to 0.001 mm. A daily summary point is written, stamped at the
/// station-local midnight, after each observation or strike that changed
/// one of its figures, as the gateway sends them.
struct SampleDayLineProtocol {
    /// A station as the points tag it.
    struct Station {
        /// The `station` tag.
        var id: String
        /// The `serial` tag (the sample day's own serial for the first).
        var serial: String
    }

    /// What one station's points hold.
    struct Counts {
        var observationPoints = 0
        var strikePoints = 0
        var rainStartPoints = 0
        /// Daily summary points written (updates of one day's point).
        var dailySummaryPoints = 0
        /// Field values of every point: what VictoriaMetrics stores as
        /// samples before it deduplicates the daily summary's updates.
        var fieldValues = 0
        /// Field values of all the daily summary's updates.
        var dailySummaryFieldValues = 0
        /// Field values of the daily summary's last update: what is left
        /// of the day's summary after deduplication.
        var dailySummaryFinalFields = 0
        /// Bytes of the line protocol, newlines included.
        var bytes = 0
        /// The same bytes by measurement.
        var bytesByMeasurement: [String: Int] = [:]

        var points: Int { observationPoints + strikePoints + rainStartPoints + dailySummaryPoints }

        /// The samples VictoriaMetrics keeps: every field value but the
        /// daily summary's earlier updates.
        var samplesAfterDeduplication: Int { fieldValues - dailySummaryFieldValues + dailySummaryFinalFields }
    }

    /// The sample day's station-local time zone (the generator's station
    /// near Denver: Tools/SampleDay).
    static let timeZone = TimeZone(identifier: "America/Denver")!

    /// Every station's lines, in the order of the datagrams, station after station.
    let lines: [String]
    /// Each station's counts, by station id.
    let counts: [String: Counts]
    /// The first and last observation's time, seconds since 1970.
    let firstObservationSeconds: Int
    let lastObservationSeconds: Int

    /// The path of the sample day.
    static var samplePath: String { BuiltProducts.packageRoot + "/Samples/sample-day.jsonl" }

    /// Reads the sample day and builds the points of `stations`.
    init(stations: [Station]) throws {
        let text = try String(contentsOfFile: Self.samplePath, encoding: .utf8)
        let messages = try text.split(separator: "\n").map { line -> [String: Any] in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw TestKitError("not a JSON object: \(line.prefix(120))")
            }
            return object
        }
        var lines: [String] = []
        var counts: [String: Counts] = [:]
        var first = Int.max
        var last = Int.min
        for station in stations {
            var builder = StationBuilder(station: station)
            for message in messages { builder.add(message) }
            lines += builder.lines
            counts[station.id] = builder.counts
            first = min(first, builder.firstObservationSeconds)
            last = max(last, builder.lastObservationSeconds)
        }
        self.lines = lines
        self.counts = counts
        firstObservationSeconds = first
        lastObservationSeconds = last
    }

    /// The fields of an obs_st row, by index (docs/export.md's names).
    static let observationFields: [(index: Int, name: String)] = [
        (1, "wind_lull_m_s"), (2, "wind_avg_m_s"), (3, "wind_gust_m_s"), (4, "wind_direction_deg"),
        (5, "wind_sample_interval_s"), (6, "station_pressure_hpa"), (7, "air_temperature_c"),
        (8, "relative_humidity_percent"), (9, "illuminance_lux"), (10, "uv_index"), (11, "solar_radiation_w_m2"),
        (12, "rain_mm"), (13, "precipitation_type"), (14, "lightning_strike_avg_distance_km"),
        (15, "lightning_strike_count"), (16, "battery_v"), (17, "report_interval_min"),
    ]

    /// One station's points, built message by message.
    private struct StationBuilder {
        let station: Station
        var lines: [String] = []
        var counts = Counts()
        var firstObservationSeconds = Int.max
        var lastObservationSeconds = Int.min
        /// The running day's figures and the fields last sent for them.
        var summary = DaySummary()
        var lastSummaryFields: [(String, Double)] = []

        init(station: Station) {
            self.station = station
        }

        var tags: String { "station=\(station.id),serial=\(station.serial),device_type=tempest" }

        mutating func add(_ message: [String: Any]) {
            switch message["type"] as? String {
            case "obs_st":
                for row in message["obs"] as? [[Any]] ?? [] { addObservation(row) }
            case "evt_strike":
                guard let event = message["evt"] as? [Any], event.count >= 3, let time = number(event[0]) else { return }
                let fields = [("distance_km", number(event[1])), ("energy", number(event[2]))].compactMap { name, value in
                    value.map { (name, $0) }
                }
                append("tempest_lightning_strike", tags + ",source=udp", fields, Int(time))
                counts.strikePoints += 1
                if let distance = number(event[1]) { summary.noteStrike(distanceKilometers: distance) }
                sendSummaryIfChanged(at: Int(time))
            case "evt_precip":
                guard let event = message["evt"] as? [Any], let time = event.first.flatMap(number) else { return }
                append("tempest_rain_start", tags + ",source=udp", [("rain_start", 1)], Int(time))
                counts.rainStartPoints += 1
            default:
                return
            }
        }

        mutating func addObservation(_ row: [Any]) {
            guard let time = row.first.flatMap(number) else { return }
            var fields = SampleDayLineProtocol.observationFields.compactMap { index, name -> (String, Double)? in
                index < row.count ? number(row[index]).map { (name, $0) } : nil
            }
            let value = { (name: String) in fields.first { $0.0 == name }?.1 }
            if let temperature = value("air_temperature_c"), let humidity = value("relative_humidity_percent"), humidity > 0 {
                // Magnus form with WeatherFlow's constants, as Meteorology's Psychrometrics.
                let gamma = log(humidity / 100) + 17.625 * temperature / (243.04 + temperature)
                fields.append(("dew_point_c", (243.04 * gamma / (17.625 - gamma) * 100).rounded() / 100))
            }
            append("tempest_observation", tags + ",source=udp", fields, Int(time))
            counts.observationPoints += 1
            firstObservationSeconds = min(firstObservationSeconds, Int(time))
            lastObservationSeconds = max(lastObservationSeconds, Int(time))
            summary.add(
                rainMillimeters: value("rain_mm"), reportIntervalMinutes: value("report_interval_min"),
                strikeCount: value("lightning_strike_count"), strikeDistanceKilometers: value("lightning_strike_avg_distance_km"),
                temperatureCelsius: value("air_temperature_c"), gustMetersPerSecond: value("wind_gust_m_s"))
            sendSummaryIfChanged(at: Int(time))
        }

        mutating func sendSummaryIfChanged(at time: Int) {
            let fields = summary.fields
            guard !fields.isEmpty, !fields.elementsEqual(lastSummaryFields, by: { $0.0 == $1.0 && $0.1 == $1.1 }) else { return }
            lastSummaryFields = fields
            let date = Date(timeIntervalSince1970: TimeInterval(time))
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = SampleDayLineProtocol.timeZone
            let midnight = Int(calendar.startOfDay(for: date).timeIntervalSince1970)
            append("tempest_daily_summary", tags, fields, midnight)
            counts.dailySummaryPoints += 1
            counts.dailySummaryFieldValues += fields.count
            counts.dailySummaryFinalFields = fields.count
        }

        mutating func append(_ measurement: String, _ tags: String, _ fields: [(String, Double)], _ time: Int) {
            let line = "\(measurement),\(tags) "
                + fields.map { "\($0.0)=\(SampleDayLineProtocol.format($0.1))" }.joined(separator: ",") + " \(time)"
            lines.append(line)
            counts.fieldValues += fields.count
            counts.bytes += line.utf8.count + 1
            counts.bytesByMeasurement[measurement, default: 0] += line.utf8.count + 1
        }

        func number(_ value: Any) -> Double? {
            (value as? NSNumber)?.doubleValue
        }
    }

    /// One station-local day's running figures, as docs/export.md's
    /// `tempest_daily_summary` fields.
    private struct DaySummary {
        var rainMillimeters = 0.0
        var rainMinutes = 0.0
        var strikeCount = 0.0
        var closestStrikeKilometers: Double?
        var maximumTemperatureCelsius: Double?
        var minimumTemperatureCelsius: Double?
        var maximumGustMetersPerSecond: Double?

        mutating func add(
            rainMillimeters rain: Double?, reportIntervalMinutes: Double?, strikeCount strikes: Double?,
            strikeDistanceKilometers: Double?, temperatureCelsius: Double?, gustMetersPerSecond: Double?
        ) {
            if let rain, rain > 0 {
                rainMillimeters += rain
                rainMinutes += max(1, reportIntervalMinutes ?? 1)
            }
            if let strikes, strikes > 0 {
                strikeCount += strikes
                if let strikeDistanceKilometers { noteStrike(distanceKilometers: strikeDistanceKilometers) }
            }
            if let temperatureCelsius {
                maximumTemperatureCelsius = max(maximumTemperatureCelsius ?? temperatureCelsius, temperatureCelsius)
                minimumTemperatureCelsius = min(minimumTemperatureCelsius ?? temperatureCelsius, temperatureCelsius)
            }
            if let gustMetersPerSecond {
                maximumGustMetersPerSecond = max(maximumGustMetersPerSecond ?? gustMetersPerSecond, gustMetersPerSecond)
            }
        }

        mutating func noteStrike(distanceKilometers: Double) {
            closestStrikeKilometers = min(closestStrikeKilometers ?? distanceKilometers, distanceKilometers)
        }

        /// The fields in docs/export.md's order; a figure the day does not
        /// have yet (no strike) is left out.
        var fields: [(String, Double)] {
            let all: [(String, Double?)] = [
                ("rain_mm", (rainMillimeters * 1_000).rounded() / 1_000), ("rain_minutes", rainMinutes),
                ("strike_count", strikeCount), ("closest_strike_km", closestStrikeKilometers),
                ("max_air_temperature_c", maximumTemperatureCelsius), ("min_air_temperature_c", minimumTemperatureCelsius),
                ("max_wind_gust_m_s", maximumGustMetersPerSecond),
            ]
            return all.compactMap { name, value in value.map { (name, $0) } }
        }
    }

    /// `value` in the shortest text that reads back the same: a whole
    /// number without a fraction.
    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
