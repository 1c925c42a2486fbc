// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ForecastBridge
import JSON

/// Home Assistant discovery for the forecast: one "Forecast" device whose
/// entities read the plain topics `<base>/forecast/<field>` — the
/// condition, today's forecast high and low, the precipitation probability
/// for the next hour and for today, the locally corrected temperature 1, 3
/// and 6 hours ahead, the observed-minus-forecast difference and the
/// forecast's age. Units follow the published-units choice. An entity
/// disabled by its field (`condition`) or as `forecast/FIELD` gets an empty
/// config, so Home Assistant removes it; its plain topic stays.
public struct ForecastDiscovery: Sendable {
    /// One entity of the forecast device.
    public struct Entity: Sendable {
        public var field: String
        public var name: String
        public var deviceClass: String?
        /// The unit when it does not follow the unit choice.
        public var fixedUnit: String?
        public var temperature = false
        public var precision: Int?
        public var diagnostic = false
    }

    public let discovery: HomeAssistantDiscovery
    public let units: PublishedUnits

    /// The name that stands for the forecast device in `disabled_entities`
    /// (`forecast/FIELD`), where a station's entities take its serial.
    public static let disableKeyPrefix = "forecast"

    /// The device identifier shared by every forecast entity.
    public static let deviceIdentifier = "tempest_forecast"

    public static let entities: [Entity] = [
        Entity(field: "condition", name: "Condition"),
        Entity(field: "temperature_high_today", name: "Forecast high today", deviceClass: "temperature", temperature: true, precision: 1),
        Entity(field: "temperature_low_today", name: "Forecast low today", deviceClass: "temperature", temperature: true, precision: 1),
        Entity(field: "precipitation_probability_next_hour", name: "Precipitation probability next hour", fixedUnit: "%", precision: 0),
        Entity(field: "precipitation_probability_today", name: "Precipitation probability today", fixedUnit: "%", precision: 0),
    ] + ForecastConditions.correctedLeadHours.map { lead in
        Entity(
            field: "corrected_temperature_\(lead)h", name: "Corrected temperature in \(Plural.count(lead, "hour"))",
            deviceClass: "temperature", temperature: true, precision: 1)
    } + [
        Entity(field: "observed_minus_forecast", name: "Observed minus forecast", temperature: true, precision: 1),
        Entity(field: "forecast_age_minutes", name: "Forecast age", deviceClass: "duration", fixedUnit: "min", precision: 0, diagnostic: true),
    ]

    /// The retained config messages announcing the forecast device (empty
    /// for a disabled entity, which removes it).
    public func configs(base: String) -> [(topic: String, payload: String)] {
        Self.entities.map { entity in
            let disabled = discovery.isDisabled(field: entity.field, serial: Self.disableKeyPrefix)
            return ("\(discovery.prefix)/sensor/\(Self.deviceIdentifier)/\(entity.field)/config", disabled ? "" : payload(entity, base: base))
        }
    }

    private func payload(_ entity: Entity, base: String) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.member("name", entity.name)
        json.member("unique_id", "\(Self.deviceIdentifier)_\(entity.field)")
        json.member("state_topic", "\(base)/forecast/\(entity.field)")
        if let deviceClass = entity.deviceClass { json.member("device_class", deviceClass) }
        let unit = entity.temperature ? units.homeAssistantUnit(field: "air_temperature", fallback: "°C") : entity.fixedUnit
        if let unit { json.member("unit_of_measurement", unit) }
        if unit != nil { json.member("state_class", "measurement") }
        if let precision = entity.precision { json.member("suggested_display_precision", Int64(precision)) }
        if entity.diagnostic { json.member("entity_category", "diagnostic") }
        json.key("availability")
        json.beginArray()
        json.beginObject()
        json.member("topic", discovery.layout.gatewayStatus)
        json.endObject()
        json.endArray()
        json.key("device")
        json.beginObject()
        json.key("identifiers")
        json.beginArray()
        json.value(Self.deviceIdentifier)
        json.endArray()
        json.member("name", "Forecast")
        json.member("manufacturer", "Open-Meteo")
        json.member("model", "Forecast merged with the station")
        json.endObject()
        HomeAssistantDiscovery.writeOrigin(into: &json)
        json.endObject()
        return json.text
    }
}
