// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON
import Meteorology
import Pipeline
import TempestUDP

/// `--compat weatherflow2mqtt`: the state topics, JSON keys and units of
/// WeatherFlow2MQTT 3.2.2 (the archived briis/hass-weatherflow2mqtt), so the
/// Home Assistant entities its users already have keep receiving values
/// after they switch. Published in addition to the gateway's own trees:
///
/// - `homeassistant/sensor/weatherflow2mqtt_<SERIAL>/observation/state`
/// - `homeassistant/sensor/weatherflow2mqtt_<SERIAL>/rapid_wind/state`
/// - `homeassistant/sensor/weatherflow2mqtt_<SERIAL>/status_update/state`
///   (sensors and hubs)
/// - `homeassistant/sensor/weatherflow2mqtt_<SERIAL>/lightning_strike_time/state`
/// - `homeassistant/sensor/weatherflow2mqtt_<SERIAL>/rain_start_time/state`
/// - `homeassistant/sensor/weatherflow2mqtt_<SERIAL>/high_low/attributes`
///   (with each observation, when the records are known)
///
/// Its discovery configs are not published (its own retained configs, which
/// point at these topics, are still in the broker; announcing them again
/// would give every station a second device beside the gateway's own).
/// docs/weatherflow2mqtt-compat.md has the full mapping and what differs.
public struct WeatherFlow2MQTTCompatibility: Sendable, Hashable {
    /// WeatherFlow2MQTT's two unit systems (it had no per-quantity choice).
    public enum UnitSystem: String, Sendable, Hashable { case metric, imperial }

    public var unitSystem: UnitSystem = .metric

    /// `homeassistant/sensor/weatherflow2mqtt_<SERIAL>/<event>/<leaf>`
    /// (`state`, or `attributes` for `high_low`); its prefix was fixed,
    /// whatever Home Assistant's discovery prefix is.
    public static func stateTopic(serial: String, event: String, leaf: String = "state") -> String {
        "homeassistant/sensor/weatherflow2mqtt_\(serial)/\(event)/\(leaf)"
    }

    /// One state message: its event name (the topic's middle part), the
    /// topic's last part and the JSON payload.
    public struct State: Sendable, Hashable {
        public var event: String
        public var payload: String
        public var leaf = "state"
    }

    /// The states `message` publishes. Observations need `totals` for the
    /// daily sums (left out without them), `site` for sea-level pressure,
    /// and `snapshot` for the pressure trend and `high_low`.
    public func states(
        for message: TempestMessage, site: DerivedObservation.Site?, totals: CurrentTotals?, snapshot: StationSnapshot? = nil
    ) -> [State] {
        var json = JSONWriter()
        json.beginObject()
        let event: String
        switch message {
        case .tempestObservation(let observation):
            guard let row = observation.rows.last else { return [] }
            event = "observation"
            writeObservation(.tempest(row), site: site, totals: totals, snapshot: snapshot, into: &json)
        case .airObservation(let observation):
            guard let row = observation.rows.last else { return [] }
            event = "observation"
            writeObservation(.air(row), site: site, totals: totals, snapshot: snapshot, into: &json)
        case .skyObservation(let observation):
            guard let row = observation.rows.last else { return [] }
            event = "observation"
            writeObservation(.sky(row), site: site, totals: totals, snapshot: snapshot, into: &json)
        case .rapidWind(let wind):
            guard let speed = wind.windSpeedMetersPerSecond, let direction = wind.windDirectionDegrees else { return [] }
            event = "rapid_wind"
            json.member("wind_speed", convert(.speed, speed))
            json.member("wind_bearing", Int64(direction.rounded()))
            json.member("wind_direction", WeatherFlow2MQTTCompatibility.compassPoint(direction))
        case .lightningStrike(let strike):
            event = "lightning_strike_time"
            json.member(event, WeatherFlow2MQTTCompatibility.timestamp(strike.timestamp.secondsSince1970))
        case .rainStart(let rain):
            event = "rain_start_time"
            json.member(event, WeatherFlow2MQTTCompatibility.timestamp(rain.timestamp.secondsSince1970))
        case .deviceStatus(let status):
            guard let uptime = status.uptimeSeconds else { return [] }
            event = "status_update"
            json.member("status", WeatherFlow2MQTTCompatibility.timestamp(status.timestamp.secondsSince1970 - uptime))
        case .hubStatus(let status):
            guard let uptime = status.uptimeSeconds else { return [] }
            event = "status_update"
            json.member("status", WeatherFlow2MQTTCompatibility.timestamp(status.timestamp.secondsSince1970 - uptime))
        }
        json.endObject()
        var states = [State(event: event, payload: json.text)]
        if event == "observation", let highLow = highLowAttributes(snapshot: snapshot, totals: totals) {
            states.append(State(event: "high_low", payload: highLow, leaf: "attributes"))
        }
        return states
    }

    /// The `observation` state's members, in WeatherFlow2MQTT's names and
    /// units; a value the row or the gateway does not have is left out.
    private func writeObservation(
        _ row: ObservationRow, site: DerivedObservation.Site?, totals: CurrentTotals?, snapshot: StationSnapshot?,
        into json: inout JSONWriter
    ) {
        var measured = [String: Double]()
        for (name, text) in MessagePublications.flatMembers(of: row) { measured[name] = Double(text) }
        let derived = DerivedObservation(DerivedObservation.Inputs(row), site: site)
        func add(_ key: String, _ conversion: Conversion, _ value: Double?) {
            if let value { json.member(key, convert(conversion, value)) }
        }
        func add(_ key: String, _ value: Int?) {
            if let value { json.member(key, Int64(value)) }
        }
        add("absolute_humidity", .absoluteHumidity, derived.absoluteHumidityGramsPerCubicMeter)
        add("air_density", .density, derived.airDensityKilogramsPerCubicMeter)
        add("air_temperature", .temperature, measured["air_temperature"])
        add("battery", .volts, measured["battery"])
        if let beaufort = derived.beaufort {
            json.member("beaufort", Int64(beaufort.force))
            json.member("beaufort_description", WeatherFlow2MQTTCompatibility.beaufortNames[beaufort.force])
        }
        add("delta_t", .temperatureDifference, derived.deltaTCelsius)
        add("dewpoint", .temperature, derived.dewPointCelsius)
        add("feelslike", .temperature, derived.feelsLikeCelsius)
        add("illuminance", .none, measured["illuminance"])
        add("lightning_strike_count", measured["lightning_strike_count"].map { Int($0) })
        add("lightning_strike_count_1hr", totals?.strikesLastHour)
        add("lightning_strike_count_3hr", totals?.strikesLastThreeHours)
        add("lightning_strike_count_today", totals?.today.strikeCount)
        add("lightning_strike_distance", .distance, totals?.lastStrike?.distanceKilometers)
        if let code = measured["precipitation_type"] {
            json.member("precipitation_type", WeatherFlow2MQTTCompatibility.precipitationName(Int64(code)))
        }
        add("rain_duration_today", totals?.today.rainMinutes)
        add("rain_duration_yesterday", totals?.yesterday.rainMinutes)
        add("rain_rate", .rainRate, derived.rainRate?.millimetersPerHour)
        if let rate = derived.rainRate?.millimetersPerHour {
            json.member("rain_intensity", WeatherFlow2MQTTCompatibility.rainIntensity(millimetersPerHour: rate))
        }
        add("rain_today", .rain, totals?.today.rainMillimeters)
        add("rain_yesterday", .rain, totals?.yesterday.rainMillimeters)
        if let trend = snapshot?.pressureTrend {
            json.member("pressure_trend", trend.direction.rawValue)
            json.member("pressure_trend_value", pressureTrendValue(trend))
        }
        add("relative_humidity", .none, measured["relative_humidity"])
        add("sealevel_pressure", .pressure, derived.seaLevelPressureMillibars)
        add("solar_radiation", .none, measured["solar_radiation"])
        add("station_pressure", .pressure, measured["station_pressure"])
        add("uv", .none, measured["uv"])
        add("wetbulb", .temperature, derived.wetBulbCelsius)
        if let direction = measured["wind_direction"] {
            json.member("wind_bearing_avg", Int64(direction.rounded()))
            json.member("wind_direction_avg", WeatherFlow2MQTTCompatibility.compassPoint(direction))
        }
        add("wind_gust", .speed, measured["wind_gust"])
        add("wind_lull", .speed, measured["wind_lull"])
        add("wind_speed_avg", .speed, measured["wind_avg"])
    }

    /// How a value in protocol units becomes WeatherFlow2MQTT's.
    public enum Conversion {
        /// Published as measured (%, lx, W/m², UV index).
        case none
        case temperature, temperatureDifference, pressure, speed, rain, rainRate, distance, density, absoluteHumidity, volts
    }

    /// `value` (protocol units) converted and rounded as WeatherFlow2MQTT
    /// did: its factors, its decimals, and Python's round (half to even).
    public func convert(_ conversion: Conversion, _ value: Double) -> Double {
        let imperial = unitSystem == .imperial
        switch conversion {
        case .none: return value
        case .temperature: return round(imperial ? value * 9 / 5 + 32 : value, 1)
        case .temperatureDifference: return round(imperial ? value * 9 / 5 : value, 1)
        case .pressure: return imperial ? round(value / 33.863_886_666_7, 3) : round(value, 2)
        case .speed: return imperial ? round(value * 2.236_936_292_054_4, 2) : round(value, 1)
        case .rain: return round(imperial ? value * 0.039_370_078_7 : value, 2)
        case .rainRate: return round(imperial ? value / 25.4 : value, 2)
        // Metric distance was published unrounded.
        case .distance: return imperial ? round(value / 1.609_344, 2) : value
        case .density: return round(imperial ? value * 0.062_427_960_576_1 : value, 5)
        // Its imperial "absolute humidity" was g/m³ times 0.000062 (a
        // lb/ft³ factor) under a g/m³ label; mimicked so dashboards match.
        case .absoluteHumidity: return imperial ? round(value * 0.000_062, 6) : round(value, 2)
        case .volts: return round(value, 2)
        }
    }

    /// Python's `round(value, decimals)`, which rounds the double's exact
    /// binary value and sends only exact ties to the even digit: 25.25 gives
    /// 25.2, but 2.615 (really 2.61500000000000021…) gives 2.62.
    public func round(_ value: Double, _ decimals: Int) -> Double {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = value * scale
        var rounded = scaled.rounded(.toNearestOrEven)
        if abs(scaled - rounded) == 0.5 {
            // The product looks like a tie; its rounding error (exact, by a
            // fused multiply-add) tells on which side the true value lies.
            let error = (-scaled).addingProduct(value, scale)
            if error > 0 { rounded = scaled.rounded(.up) } else if error < 0 { rounded = scaled.rounded(.down) }
        }
        return rounded / scale
    }

    /// "N" … "NNW" as WeatherFlow2MQTT named directions (never "calm").
    public static func compassPoint(_ degrees: Double) -> String {
        CardinalDirection.name(directionDegrees: degrees, speedMetersPerSecond: nil) ?? "N"
    }

    /// Its English Beaufort names, force 0 … 12 (its bounds are the WMO's, as ours).
    public static let beaufortNames = [
        "Calm", "Light air", "Light breeze", "Gentle breeze", "Moderate breeze", "Fresh breeze", "Strong breeze",
        "Moderate Gale", "Fresh Gale", "Strong Gale", "Storm", "Violent Storm", "Hurricane",
    ]

    /// Its English rain intensity for a rate in mm/h (its own bounds).
    public static func rainIntensity(millimetersPerHour rate: Double) -> String {
        switch rate {
        case ..<0.000_001: "None"
        case ..<0.25: "Very Light"
        case ..<1: "Light"
        case ..<4: "Moderate"
        case ..<16: "Heavy"
        case ..<50: "Very Heavy"
        default: "Extreme"
        }
    }

    /// Its English precipitation names; code 3 was called "Heavy Rain".
    public static func precipitationName(_ code: Int64) -> String {
        switch code {
        case 0: "None"
        case 1: "Rain"
        case 2: "Hail"
        case 3: "Heavy Rain"
        default: "Unknown - \(code)"
        }
    }

    /// `2024-07-13T06:00:00+00:00`: its timestamp form (UTC, with an offset, not `Z`).
    public static func timestamp(_ secondsSince1970: Int64) -> String {
        String(UTCTime.iso8601(UnixTimestamp(secondsSince1970: secondsSince1970)).dropLast()) + "+00:00"
    }

    /// Makes one from its parts.
    public init(unitSystem: UnitSystem = .metric) {
        self.unitSystem = unitSystem
    }
}
