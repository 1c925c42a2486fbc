// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON
import Pipeline
import Storage

/// The current weather as Prometheus gauges beside the gateway's counters:
/// each device's newest stored observation, labelled by `serial`, in base
/// units as Prometheus' naming conventions ask (`_celsius`, `_ratio` for
/// humidity 0 to 1, `_meters_per_second`, `_pascals`, `_meters` for rain
/// and strike distance, `_lux`, `_watts_per_square_meter`, `_volts`,
/// `_degrees`). A value the device did not send is left out, and so is a
/// gauge no device has: a scrape never shows a made-up zero.
public enum WeatherGauges {
    /// One gauge: its name after `tempest_`, its help text, and how to read
    /// it from an observation (already in the gauge's unit).
    struct Gauge: Sendable {
        let name: String
        let help: String
        let value: @Sendable (ObservationRecord) -> Double?
    }

    static let gauges: [Gauge] = [
        Gauge(name: "observation_timestamp_seconds", help: "When the newest stored observation was measured (Unix seconds).") {
            Double($0.timestamp)
        },
        Gauge(name: "air_temperature_celsius", help: "Air temperature.") { $0.airTemperatureCelsius },
        Gauge(name: "relative_humidity_ratio", help: "Relative humidity, 0 to 1.") { $0.relativeHumidityPercent.map { $0 / 100 } },
        Gauge(name: "station_pressure_pascals", help: "Air pressure at the sensor's height.") {
            $0.stationPressureMillibars.map { $0 * 100 }
        },
        Gauge(name: "wind_lull_meters_per_second", help: "Lowest 3-second wind speed in the interval.") { $0.windLullMetersPerSecond },
        Gauge(name: "wind_speed_meters_per_second", help: "Average wind speed over the interval.") { $0.windAverageMetersPerSecond },
        Gauge(name: "wind_gust_meters_per_second", help: "Highest 3-second wind speed in the interval.") { $0.windGustMetersPerSecond },
        Gauge(name: "wind_direction_degrees", help: "Average wind direction, degrees from true north.") {
            $0.windDirectionDegrees.map(Double.init)
        },
        Gauge(name: "illuminance_lux", help: "Illuminance.") { $0.illuminanceLux.map(Double.init) },
        Gauge(name: "uv_index", help: "UV index.") { $0.uvIndex },
        Gauge(name: "solar_radiation_watts_per_square_meter", help: "Solar radiation.") {
            $0.solarRadiationWattsPerSquareMeter.map(Double.init)
        },
        Gauge(name: "rain_interval_meters", help: "Rain in the observation's interval.") {
            $0.rainAccumulatedMillimeters.map { $0 / 1_000 }
        },
        Gauge(name: "lightning_strikes_interval", help: "Lightning strikes counted in the observation's interval.") {
            $0.lightningStrikeCount.map(Double.init)
        },
        Gauge(name: "lightning_strike_distance_meters", help: "Average distance of the interval's strikes (0 when none).") {
            $0.lightningStrikeAverageDistanceKilometers.map { Double($0) * 1_000 }
        },
        Gauge(name: "battery_volts", help: "The device's battery voltage.") { $0.batteryVolts },
    ]

    /// The gauges for `observations` (one per device) in Prometheus' text
    /// format, `# HELP` and `# TYPE` before each; empty for none.
    public static func prometheus(_ observations: [ObservationRecord]) -> String {
        let sorted = observations.sorted { $0.serial < $1.serial }
        var lines = [String]()
        for gauge in gauges {
            let samples = sorted.compactMap { observation in
                gauge.value(observation).flatMap { $0.isFinite ? (observation.serial, $0) : nil }
            }
            guard !samples.isEmpty else { continue }
            lines.append("# HELP tempest_\(gauge.name) \(gauge.help)")
            lines.append("# TYPE tempest_\(gauge.name) gauge")
            for (serial, value) in samples {
                lines.append("tempest_\(gauge.name){serial=\"\(labelValue(serial))\"} \(JSONWriter.format(value))")
            }
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// Each stored device's newest observation, read through a read-only
    /// connection of its own (the writer is not held up); none when the
    /// database cannot be read, so a scrape still gets the counters.
    /// Corrected by `correction` (the stations' calibration).
    public static func newestObservations(databasePath: String, correction: ObservationCorrection = .none) -> [ObservationRecord] {
        guard let store = try? Store(readOnlyPath: databasePath) else { return [] }
        return ((try? store.newestObservationPerDevice()) ?? []).map(correction.corrected)
    }

    /// `text` escaped for a label value (backslash, quote, line feed).
    private static func labelValue(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
