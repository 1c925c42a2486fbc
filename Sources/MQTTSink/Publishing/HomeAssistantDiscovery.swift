// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON
import Pipeline
import TempestUDP

/// Home Assistant MQTT discovery: one device per Tempest, AIR, SKY and hub
/// (sensors point at their hub with `via_device`), each entity a retained
/// config under `<prefix>/<component>/<serial>/<field>/config` that reads the
/// plain value topic. An entity is available while both the gateway
/// (`<base>/gateway/status`, or `<base>/gateway/<id>/status` with a
/// configured gateway id) and its device (`<base>/<serial>/availability`,
/// which goes offline when the device falls silent) are online.
///
/// Classes follow `minimumVersion`; a retired entity (`uptime`) and
/// sea-level pressure without an elevation get an empty config, which
/// removes what an earlier version announced.
public struct HomeAssistantDiscovery: Sendable {
    /// What the gateway knows about a device.
    public struct Device: Sendable, Hashable {
        public var serial: String
        public var family: DeviceFamily?
        public var hubSerial: String?
        public var firmware: String?

        /// Makes one from its parts.
        public init(serial: String, family: DeviceFamily? = nil, hubSerial: String? = nil, firmware: String? = nil) {
            self.serial = serial
            self.family = family
            self.hubSerial = hubSerial
            self.firmware = firmware
        }
    }

    public let prefix: String
    public let layout: TopicLayout
    public let units: PublishedUnits
    /// Entities not to announce (`--disable-entity`, config
    /// `homeassistant.disabled_entities`): a field (`feels_like`) for every
    /// device, or `<serial>/<field>` for one. Their config topic gets an
    /// empty retained message, which makes Home Assistant remove them; their
    /// plain values are still published.
    public let disabledEntities: Set<String>
    /// Whether Tempests also get the cloud's RainCheck-corrected rain
    /// entities (only when the gateway follows the station in the cloud, so
    /// that they never sit empty).
    public let rainCheck: Bool
    /// Whether the station's rain entities carry the cloud's NearCast rain
    /// (mode `websocket`, which has no gauge rain): their names say so.
    public let nearCastRain: Bool
    /// Whether sea-level pressure is announced: only when the station's
    /// elevation is known, since it has no value otherwise.
    public let seaLevelPressure: Bool
    /// The oldest Home Assistant release the configs must suit.
    public let minimumVersion: HomeAssistantVersion
    /// Names this gateway in the identifiers of its own devices (the
    /// gateway and the forecast), so that gateways on one broker keep them
    /// apart: the configured id, else one derived from the base topic.
    public let gatewayID: String
    /// Whether the gateway device also gets the nearby-strikes feed's
    /// entities (`weatherflow.nearby_strikes_kilometers` above 0 with the
    /// WebSocket), so that they never sit empty.
    public let nearbyStrikes: Bool
    /// The table numbers of the `[[export]]` destinations the gateway
    /// device gets a lag sensor for (`export_<N>_lag_seconds`).
    public let exportNumbers: [Int]
    /// The `[[upload]]` destinations the gateway device gets a last-upload
    /// sensor and a problem sensor for, by table number, with the
    /// service's name (`Weather Underground`).
    public let uploadDestinations: [UploadDestinationName]
    /// Whether values that change every few seconds are plain values too
    /// (`mqtt.high_rate_values`); otherwise their entities read the events.
    public let highRateValues: Bool

    public init(
        prefix: String = "homeassistant", layout: TopicLayout, units: PublishedUnits = .metric,
        disabledEntities: Set<String> = [], rainCheck: Bool = false, seaLevelPressure: Bool = true,
        minimumVersion: HomeAssistantVersion = .standard, nearbyStrikes: Bool = false, highRateValues: Bool = false,
        exportNumbers: [Int] = [], uploadDestinations: [UploadDestinationName] = [], nearCastRain: Bool = false
    ) {
        self.nearCastRain = nearCastRain
        self.nearbyStrikes = nearbyStrikes
        self.exportNumbers = exportNumbers
        self.uploadDestinations = uploadDestinations
        self.highRateValues = highRateValues
        self.prefix = prefix
        self.layout = layout
        self.units = units
        self.disabledEntities = disabledEntities
        self.rainCheck = rainCheck
        self.seaLevelPressure = seaLevelPressure
        self.minimumVersion = minimumVersion
        self.gatewayID = layout.gatewayID ?? Self.gatewayID(base: layout.base)
    }

    /// The gateway id derived from a base topic: lower case, every run of
    /// characters other than letters and digits one `_` (`home/wx` gives
    /// `home_wx`); `tempest` when nothing is left.
    public static func gatewayID(base: String) -> String {
        var id = ""
        for character in base.lowercased() {
            if character.isASCII, character.isLetter || character.isNumber {
                id.append(character)
            } else if !id.isEmpty, id.last != "_" {
                id.append("_")
            }
        }
        while id.last == "_" { id.removeLast() }
        return id.isEmpty ? "tempest" : id
    }

    /// Whether `field` of `serial` is disabled.
    public func isDisabled(field: String, serial: String) -> Bool {
        disabledEntities.contains(field) || disabledEntities.contains("\(serial)/\(field)")
    }

    public func availabilityTopic(serial: String) -> String { availability(serial: serial).text }

    /// `availabilityTopic(serial:)` as the publisher keeps it.
    public func availability(serial: String) -> RetainedTopic { layout.retainedValue(serial: serial, field: "availability") }

    /// The retained config messages announcing `device`; a disabled
    /// entity's is empty (removing it from Home Assistant).
    public func configs(for device: Device) -> [(topic: String, payload: String)] {
        let entities: [HomeAssistantEntity]
        switch device.family {
        case .hub: entities = HomeAssistantEntity.hubEntities
        case .tempest:
            entities = HomeAssistantEntity.sensorEntities(tempest: true, air: false, sky: false)
                + (rainCheck ? HomeAssistantEntity.rainCheckEntities : [])
        case .air: entities = HomeAssistantEntity.sensorEntities(tempest: false, air: true, sky: false)
        case .sky: entities = HomeAssistantEntity.sensorEntities(tempest: false, air: false, sky: true)
        case nil: entities = HomeAssistantEntity.sensorEntities(tempest: true, air: true, sky: true)
        }
        let announced = entities.map { entity in
            let skipped = isDisabled(field: entity.field, serial: device.serial)
                || (entity.field == "sea_level_pressure" && !seaLevelPressure)
            return (configTopic(entity.component, serial: device.serial, field: entity.field), skipped ? "" : payload(entity, device))
        }
        let retired = HomeAssistantEntity.retiredFields.sorted().map { (configTopic(.sensor, serial: device.serial, field: $0), "") }
        return announced + retired
    }

    /// Whether `field` is one of the rain amounts, rates and durations that
    /// come from the station's rain (not the cloud's own RainCheck totals,
    /// nor the rain-start event, which are what they say in every mode).
    static func carriesStationRain(_ field: String) -> Bool {
        field.hasPrefix("rain_") && !field.hasSuffix("_raincheck") && field != "rain_start_last_time"
    }

    /// `<prefix>/<component>/<node>/<field>/config`.
    public func configTopic(_ component: HomeAssistantEntity.Component, serial: String, field: String) -> String {
        "\(prefix)/\(component.rawValue)/\(serial)/\(field)/config"
    }

    /// The device and state class of `entity` for `minimumVersion`: before
    /// 2025.4 wind direction has neither (`measurement` would average
    /// angles wrongly).
    public func classes(of entity: HomeAssistantEntity) -> (device: String?, state: String?) {
        if entity.deviceClass == "wind_direction", minimumVersion < .windDirectionClasses { return (nil, nil) }
        return (entity.deviceClass, entity.stateClass)
    }

    public func payload(_ entity: HomeAssistantEntity, _ device: Device) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.member("name", nearCastRain && Self.carriesStationRain(entity.field) ? "\(entity.name) (NearCast)" : entity.name)
        json.member("unique_id", "\(device.serial)_\(entity.field)".lowercased().replacingHyphens())
        let classes = classes(of: entity)
        // An entity fed by events reads their JSON, which is in protocol
        // units whatever `units` says; Home Assistant converts for display.
        let eventSource = highRateValues ? nil : entity.eventSource
        if let eventSource {
            json.member("state_topic", layout.event(serial: device.serial, kind: eventSource.kind))
            json.member("value_template", "{{ value_json.\(eventSource.member) }}")
        } else {
            json.member("state_topic", layout.value(serial: device.serial, field: entity.field))
            if entity.component == .sensor, entity.unit != nil || entity.stateClass != nil {
                // An empty payload is a value the quality checks made unknown:
                // Home Assistant ignores an empty number but makes `None` unknown.
                json.member("value_template", HomeAssistantDiscovery.unknownWhenEmpty)
            }
            if device.family != .hub {
                // Why values of the device are unknown (docs/data.md, "Quality checks").
                json.member("json_attributes_topic", layout.value(serial: device.serial, field: "quality"))
                json.member("json_attributes_template", "{{ {'quality': value_json} | tojson }}")
            }
        }
        if let deviceClass = classes.device { json.member("device_class", deviceClass) }
        let unit = eventSource != nil ? entity.unit : units.homeAssistantUnit(field: entity.field, fallback: entity.unit)
        if let unit { json.member("unit_of_measurement", unit) }
        if let stateClass = classes.state { json.member("state_class", stateClass) }
        if let options = entity.options { HomeAssistantDiscovery.writeOptions(options, into: &json) }
        if let precision = entity.precision { json.member("suggested_display_precision", Int64(precision)) }
        if entity.diagnostic { json.member("entity_category", "diagnostic") }
        if !entity.enabledByDefault { json.member("enabled_by_default", false) }
        if entity.component == .binarySensor {
            json.member("payload_on", "ON")
            json.member("payload_off", "OFF")
        }
        json.key("availability")
        json.beginArray()
        for topic in [layout.gatewayStatus, availabilityTopic(serial: device.serial)] {
            json.beginObject()
            json.member("topic", topic)
            json.endObject()
        }
        json.endArray()
        json.member("availability_mode", "all")
        json.key("device")
        json.beginObject()
        json.key("identifiers")
        json.beginArray()
        json.value(HomeAssistantDiscovery.identifier(device.serial))
        json.endArray()
        json.member("name", "\(device.family.map(HomeAssistantDiscovery.model) ?? "Device") \(device.serial)")
        json.member("serial_number", device.serial)
        json.member("manufacturer", "WeatherFlow")
        json.member("model", device.family.map(HomeAssistantDiscovery.model) ?? "Unknown")
        if let firmware = device.firmware { json.member("sw_version", firmware) }
        if let hub = device.hubSerial, device.family != .hub { json.member("via_device", HomeAssistantDiscovery.identifier(hub)) }
        json.endObject()
        HomeAssistantDiscovery.writeOrigin(into: &json)
        json.endObject()
        return json.text
    }

    /// The value template of a number read from its plain value topic: the
    /// value, or unknown for the empty payload of a value judged bad.
    public static let unknownWhenEmpty = "{{ value if value else None }}"

    public static func identifier(_ serial: String) -> String { "tempest_" + serial.lowercased().replacingHyphens() }

    public static func model(_ family: DeviceFamily) -> String {
        switch family {
        case .hub: "Hub"
        case .tempest: "Tempest"
        case .air: "AIR"
        case .sky: "SKY"
        }
    }
}

extension String {
    fileprivate func replacingHyphens() -> String { String(map { $0 == "-" ? "_" : $0 }) }
}
