// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON
import TempestUDP

/// Home Assistant MQTT discovery: one device per Tempest, AIR, SKY and hub
/// (sensors point at their hub with `via_device`), each entity a retained
/// config under `<prefix>/<component>/<serial>/<field>/config` that reads the
/// plain value topic. An entity is available while both the gateway
/// (`<base>/gateway/status`) and its device (`<base>/<serial>/availability`,
/// which goes offline when the device falls silent) are online.
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

    public init(
        prefix: String = "homeassistant", layout: TopicLayout, units: PublishedUnits = .metric,
        disabledEntities: Set<String> = [], rainCheck: Bool = false
    ) {
        self.prefix = prefix
        self.layout = layout
        self.units = units
        self.disabledEntities = disabledEntities
        self.rainCheck = rainCheck
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
        return entities.map { entity in
            (
                "\(prefix)/\(entity.component.rawValue)/\(device.serial)/\(entity.field)/config",
                isDisabled(field: entity.field, serial: device.serial) ? "" : payload(entity, device)
            )
        }
    }

    public func payload(_ entity: HomeAssistantEntity, _ device: Device) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.member("name", entity.name)
        json.member("unique_id", "\(device.serial)_\(entity.field)".lowercased().replacingHyphens())
        json.member("state_topic", layout.value(serial: device.serial, field: entity.field))
        if let deviceClass = entity.deviceClass { json.member("device_class", deviceClass) }
        if let unit = units.homeAssistantUnit(field: entity.field, fallback: entity.unit) {
            json.member("unit_of_measurement", unit)
        }
        if let stateClass = entity.stateClass { json.member("state_class", stateClass) }
        if let precision = entity.precision { json.member("suggested_display_precision", Int64(precision)) }
        if let options = entity.options {
            json.key("options")
            json.beginArray()
            for option in options { json.value(option) }
            json.endArray()
        }
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
        json.member("name", "\(device.family?.displayName ?? "Device") \(device.serial)")
        json.member("manufacturer", "WeatherFlow")
        json.member("model", device.family.map(HomeAssistantDiscovery.model) ?? "Unknown")
        if let firmware = device.firmware { json.member("sw_version", firmware) }
        if let hub = device.hubSerial, device.family != .hub { json.member("via_device", HomeAssistantDiscovery.identifier(hub)) }
        json.endObject()
        HomeAssistantDiscovery.writeOrigin(into: &json)
        json.endObject()
        return json.text
    }

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
