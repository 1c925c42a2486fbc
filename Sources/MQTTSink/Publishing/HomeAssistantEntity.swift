// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology

/// One Home Assistant entity the gateway announces through MQTT discovery:
/// it reads the retained per-value topic `<base>/<serial>/<field>`, or for
/// a value that changes every few seconds its event (`eventSource`).
public struct HomeAssistantEntity: Sendable {
    public enum Component: String, Sendable {
        case sensor
        case binarySensor = "binary_sensor"
        case button
    }

    /// Where an entity reads a value that is published only in its event
    /// (unless `mqtt.high_rate_values`): the event topic's kind and the
    /// member of its JSON object, which is in protocol units.
    public struct EventSource: Sendable, Equatable {
        /// The event kind (`rapid_wind`, `hub_status`).
        public let kind: String
        /// The JSON member holding the value.
        public let member: String
    }

    public let field: String
    public let name: String
    public var component: Component = .sensor
    public var deviceClass: String?
    public var unit: String?
    /// `measurement`, or `total_increasing` for daily totals: Home Assistant
    /// treats their drop at midnight as a new cycle, so no `last_reset` is needed.
    public var stateClass: String?
    public var precision: Int?
    public var diagnostic = false
    /// False for noisy values few dashboards need: Home Assistant creates
    /// them disabled (`enabled_by_default: false`), and a user enables them.
    public var enabledByDefault = true
    /// Every value a `device_class: enum` sensor can take (Home Assistant
    /// refuses a state outside the list).
    public var options: [String]? = nil
    /// The event that carries this value when plain high-rate values are
    /// off (`MessagePublications`), or nil for a plain value.
    public var eventSource: EventSource? = nil

    /// Entities of a Tempest, AIR or SKY: each family lists only the fields
    /// it sends, so no entity sits empty forever.
    public static func sensorEntities(tempest: Bool, air: Bool, sky: Bool) -> [HomeAssistantEntity] {
        var entities = [HomeAssistantEntity]()
        let thermo = tempest || air
        let windAndRain = tempest || sky
        if thermo {
            entities += [
                .init(field: "air_temperature", name: "Temperature", deviceClass: "temperature", unit: "°C", stateClass: "measurement", precision: 1),
                .init(field: "relative_humidity", name: "Humidity", deviceClass: "humidity", unit: "%", stateClass: "measurement", precision: 0),
                .init(field: "station_pressure", name: "Station pressure", deviceClass: "atmospheric_pressure", unit: "mbar", stateClass: "measurement", precision: 1),
                .init(field: "sea_level_pressure", name: "Sea-level pressure", deviceClass: "atmospheric_pressure", unit: "mbar", stateClass: "measurement", precision: 1),
                .init(field: "dew_point", name: "Dew point", deviceClass: "temperature", unit: "°C", stateClass: "measurement", precision: 1),
                .init(field: "feels_like", name: "Feels like", deviceClass: "temperature", unit: "°C", stateClass: "measurement", precision: 1),
                .init(field: "wet_bulb", name: "Wet bulb", deviceClass: "temperature", unit: "°C", stateClass: "measurement", precision: 1),
                .init(field: "air_temperature_max_today", name: "Temperature high today", deviceClass: "temperature", unit: "°C", precision: 1),
                .init(field: "air_temperature_min_today", name: "Temperature low today", deviceClass: "temperature", unit: "°C", precision: 1),
                .init(field: "lightning_strike_count", name: "Lightning strikes last minute", stateClass: "measurement", precision: 0),
                .init(field: "lightning_strikes_today", name: "Lightning strikes today", stateClass: "total_increasing", precision: 0),
                .init(field: "lightning_strikes_last_hour", name: "Lightning strikes last hour", stateClass: "measurement", precision: 0),
                .init(field: "lightning_strike_last_distance", name: "Last lightning distance", deviceClass: "distance", unit: "km", stateClass: "measurement", precision: 0),
                .init(field: "lightning_strike_last_time", name: "Last lightning strike", deviceClass: "timestamp"),
            ]
        }
        if windAndRain {
            entities += [
                .init(field: "wind_avg", name: "Wind speed", deviceClass: "wind_speed", unit: "m/s", stateClass: "measurement", precision: 1),
                .init(field: "wind_gust", name: "Wind gust", deviceClass: "wind_speed", unit: "m/s", stateClass: "measurement", precision: 1),
                .init(field: "wind_lull", name: "Wind lull", deviceClass: "wind_speed", unit: "m/s", stateClass: "measurement", precision: 1),
                .init(field: "wind_direction", name: "Wind direction", deviceClass: "wind_direction", unit: "°", stateClass: "measurement_angle", precision: 0),
                .init(field: "cardinal_direction", name: "Wind direction (compass)", deviceClass: "enum", options: CardinalDirection.names + ["calm"]),
                // Disabled by default: a recorder written every 3 seconds wears an SD card.
                .init(
                    field: "wind_speed", name: "Wind speed (3-second)", deviceClass: "wind_speed", unit: "m/s", stateClass: "measurement",
                    precision: 1, enabledByDefault: false, eventSource: EventSource(kind: "rapid_wind", member: "wind_speed")),
                .init(field: "wind_gust_max_today", name: "Strongest gust today", deviceClass: "wind_speed", unit: "m/s", precision: 1),
                .init(field: "illuminance", name: "Illuminance", deviceClass: "illuminance", unit: "lx", stateClass: "measurement", precision: 0),
                .init(field: "uv", name: "UV index", unit: "UV index", stateClass: "measurement", precision: 1),
                .init(field: "uv_category", name: "UV category", deviceClass: "enum", options: UVCategory.allCases.map(\.rawValue)),
                .init(field: "solar_radiation", name: "Solar radiation", deviceClass: "irradiance", unit: "W/m²", stateClass: "measurement", precision: 0),
                .init(field: "rain_accumulated", name: "Rain last minute", deviceClass: "precipitation", unit: "mm", stateClass: "measurement", precision: 2),
                .init(field: "rain_rate", name: "Rain rate", deviceClass: "precipitation_intensity", unit: "mm/h", stateClass: "measurement", precision: 1),
                .init(field: "rain_intensity", name: "Rain intensity", deviceClass: "enum", options: RainIntensity.allCases.map(\.publishedText)),
                .init(field: "rain_today", name: "Rain today", deviceClass: "precipitation", unit: "mm", stateClass: "total_increasing", precision: 1),
                // Falls back to 0 when good rain confirms it: no state class, so no statistics treat it as a meter.
                .init(field: "rain_suspect_today", name: "Suspect rain today", deviceClass: "precipitation", unit: "mm", precision: 1),
                .init(field: "rain_yesterday", name: "Rain yesterday", deviceClass: "precipitation", unit: "mm", precision: 1),
                .init(field: "rain_minutes_today", name: "Rain duration today", deviceClass: "duration", unit: "min", stateClass: "total_increasing", precision: 0),
                .init(field: "rain_start_last_time", name: "Last rain start", deviceClass: "timestamp"),
            ]
        }
        entities += [
            .init(field: "battery", name: "Battery", deviceClass: "voltage", unit: "V", stateClass: "measurement", precision: 2, diagnostic: true),
            .init(field: "battery_level", name: "Battery level", deviceClass: "enum", diagnostic: true, options: BatteryLevel.allCases.map(\.rawValue)),
            .init(field: "rssi", name: "Signal strength", deviceClass: "signal_strength", unit: "dBm", stateClass: "measurement", precision: 0, diagnostic: true),
            .init(field: "hub_rssi", name: "Signal strength at hub", deviceClass: "signal_strength", unit: "dBm", stateClass: "measurement", precision: 0, diagnostic: true),
            lastRestart,
            .init(field: "sensor_status_text", name: "Sensor status", diagnostic: true),
            .init(field: "sensor_failure", name: "Sensor failure", component: .binarySensor, deviceClass: "problem", diagnostic: true),
            // The quality checks' word (docs/data.md): on while a value is bad; its `quality` attribute names them.
            .init(field: "quality_problem", name: "Quality problem", component: .binarySensor, deviceClass: "problem", diagnostic: true),
            .init(field: "lightning_disturber", name: "Lightning disturber", component: .binarySensor, deviceClass: "problem", diagnostic: true),
            .init(field: "lightning_noise", name: "Lightning noise", component: .binarySensor, deviceClass: "problem", diagnostic: true),
        ]
        if tempest {
            entities.append(.init(field: "power_save_mode", name: "Power save mode", deviceClass: "enum", diagnostic: true, options: ["0", "1", "2", "3"]))
        }
        entities += derivedEntities(thermo: thermo, windAndRain: windAndRain)
        entities += recordEntities(thermo: thermo, windAndRain: windAndRain)
        return entities
    }

    /// Every entity field of any device family and of the forecast device
    /// (what `--disable-entity` accepts).
    public static var allFields: Set<String> {
        Set((sensorEntities(tempest: true, air: true, sky: true) + hubEntities + rainCheckEntities).map(\.field))
            .union(ForecastDiscovery.entities.map(\.field)).union(retiredFields)
    }

    /// What is wrong with the first of `keys` (`feels_like`,
    /// `SERIAL/feels_like` or `forecast/condition`) that names no entity, or
    /// nil when all do.
    public static func unknownEntityProblem(_ keys: [String]) -> String? {
        let fields = allFields
        for key in keys {
            let field = key.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).last.map(String.init) ?? key
            if !fields.contains(field) || key.hasPrefix("/") {
                return "'\(key)' names no entity; use a field such as feels_like, SERIAL/FIELD for one device, or forecast/FIELD (fields: \(fields.sorted().joined(separator: ", ")))"
            }
        }
        return nil
    }

    /// The WeatherFlow cloud's rain totals after RainCheck (its correction
    /// with radar and nearby stations), beside the station's own `rain_today`,
    /// so they can be compared with the Tempest app.
    public static let rainCheckEntities: [HomeAssistantEntity] = [
        .init(field: "rain_today_raincheck", name: "Rain today (NearCast final)", deviceClass: "precipitation", unit: "mm", precision: 1),
        .init(field: "rain_yesterday_raincheck", name: "Rain yesterday (NearCast final)", deviceClass: "precipitation", unit: "mm", precision: 1),
    ]

    /// When the device last restarted (its report's time minus its uptime,
    /// to the minute), in place of the uptime that changed with every report.
    public static let lastRestart = HomeAssistantEntity(
        field: "last_restart", name: "Last restart", deviceClass: "timestamp", diagnostic: true)

    /// Fields once announced and now replaced (`uptime` by `last_restart`):
    /// their configs are cleared, and `disabled_entities` still accepts them
    /// so that an existing configuration stays valid.
    public static let retiredFields: Set<String> = ["uptime"]

    /// Entities of a hub.
    public static let hubEntities: [HomeAssistantEntity] = [
        .init(
            field: "rssi", name: "Wi-Fi signal strength", deviceClass: "signal_strength", unit: "dBm", stateClass: "measurement", precision: 0,
            diagnostic: true, eventSource: EventSource(kind: "hub_status", member: "rssi")),
        lastRestart,
        .init(field: "firmware_revision", name: "Firmware", diagnostic: true),
        .init(field: "reset_flags", name: "Last reset causes", diagnostic: true),
    ]
}
