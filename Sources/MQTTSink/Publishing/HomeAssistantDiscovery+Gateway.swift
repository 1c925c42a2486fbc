// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON
import Pipeline

extension HomeAssistantDiscovery {
    /// One entity of the gateway ("bridge") device, reading
    /// `<base>/gateway/<field>` (`<base>/gateway/<id>/<field>` with a
    /// configured gateway id).
    public struct GatewayEntity: Sendable {
        public var field: String
        public var name: String
        public var component: HomeAssistantEntity.Component = .sensor
        public var deviceClass: String?
        public var unit: String?
        public var stateClass: String?
        public var diagnostic = true
    }

    /// The gateway's own entities: whether it is connected (its status
    /// topic, so it reads `off` when the gateway is gone, where the others
    /// turn unavailable), the outbox depth, the datagrams received and
    /// rejected since the start, when it started, and its version.
    public static let gatewayEntities: [GatewayEntity] = [
        GatewayEntity(field: "status", name: "Connectivity", component: .binarySensor, deviceClass: "connectivity"),
        GatewayEntity(field: "outbox_depth", name: "Outbox depth", unit: "messages", stateClass: "measurement"),
        GatewayEntity(field: "datagrams_received", name: "Datagrams received", unit: "datagrams", stateClass: "total_increasing"),
        GatewayEntity(field: "datagrams_rejected", name: "Datagrams rejected", unit: "datagrams", stateClass: "total_increasing"),
        GatewayEntity(field: "last_restart", name: "Last restart", deviceClass: "timestamp"),
        GatewayEntity(field: "version", name: "Version"),
    ]

    /// The nearby-strikes feed's entities, announced only while the feed is
    /// on: named "Nearby …" so that they are never taken for the station's
    /// own lightning sensor (lightning detected by other stations and the
    /// lightning network, within `weatherflow.nearby_strikes_kilometers`).
    public func nearbyStrikeEntities() -> [GatewayEntity] {
        guard nearbyStrikes else { return [] }
        let distanceField = NearbyStrikePublication.distanceField
        return [
            GatewayEntity(
                field: NearbyStrikePublication.lastHourCountField, name: "Nearby lightning count (last hour)", unit: "strikes",
                stateClass: "measurement", diagnostic: false),
            GatewayEntity(
                field: distanceField, name: "Nearby lightning last distance", deviceClass: "distance",
                unit: units.homeAssistantUnit(field: distanceField, fallback: "km"), stateClass: "measurement", diagnostic: false),
        ]
    }

    /// The field of the lag of the `number`th `[[export]]` destination.
    public static func exportLagField(number: Int) -> String { "export_\(number)_lag_seconds" }

    /// One diagnostic sensor per `[[export]]` destination: how long it has
    /// been behind the database, in seconds (0 when it is current).
    public func exportEntities() -> [GatewayEntity] {
        exportNumbers.map { number in
            GatewayEntity(
                field: Self.exportLagField(number: number), name: "Export \(number) lag", deviceClass: "duration", unit: "s",
                stateClass: "measurement")
        }
    }

    /// The field of when the `number`th `[[upload]]` destination last uploaded (ISO 8601).
    public static func uploadLastField(number: Int) -> String { "upload_\(number)_last_upload" }

    /// The field of whether the `number`th `[[upload]]` destination fails (`ON`, `OFF`).
    public static func uploadProblemField(number: Int) -> String { "upload_\(number)_problem" }

    /// Two diagnostic entities per `[[upload]]` destination: when it last
    /// uploaded (a timestamp), and whether it fails (a problem sensor).
    public func uploadEntities() -> [GatewayEntity] {
        uploadDestinations.flatMap { destination in
            [
                GatewayEntity(
                    field: Self.uploadLastField(number: destination.number),
                    name: "Upload \(destination.number) last upload (\(destination.serviceName))", deviceClass: "timestamp"),
                GatewayEntity(
                    field: Self.uploadProblemField(number: destination.number),
                    name: "Upload \(destination.number) problem (\(destination.serviceName))", component: .binarySensor,
                    deviceClass: "problem"),
            ]
        }
    }

    /// The identifier of this gateway's device.
    public var gatewayDeviceIdentifier: String { "tempest_gateway_\(gatewayID)" }

    /// The retained configs announcing the gateway device: its entities and
    /// the "Announce again" button, which sends `announce` to
    /// `<base>/gateway/command`.
    public func gatewayConfigs() -> [(topic: String, payload: String)] {
        (Self.gatewayEntities + nearbyStrikeEntities() + exportEntities() + uploadEntities()).map { entity in
            (configTopic(entity.component, serial: gatewayDeviceIdentifier, field: entity.field), gatewayPayload(entity))
        } + [(configTopic(.button, serial: gatewayDeviceIdentifier, field: "announce"), announceButtonPayload())]
    }

    private func gatewayPayload(_ entity: GatewayEntity) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.member("name", entity.name)
        json.member("unique_id", "\(gatewayDeviceIdentifier)_\(entity.field)")
        json.member("state_topic", layout.gatewayValue(entity.field))
        if let deviceClass = entity.deviceClass { json.member("device_class", deviceClass) }
        if let unit = entity.unit { json.member("unit_of_measurement", unit) }
        if let stateClass = entity.stateClass { json.member("state_class", stateClass) }
        if entity.diagnostic { json.member("entity_category", "diagnostic") }
        if entity.component == .binarySensor && entity.field == "status" {
            // The gateway's connectivity is its status topic itself.
            json.member("payload_on", "online")
            json.member("payload_off", "offline")
        } else {
            writeGatewayAvailability(into: &json)
        }
        writeGatewayDevice(into: &json)
        json.endObject()
        return json.text
    }

    private func announceButtonPayload() -> String {
        var json = JSONWriter()
        json.beginObject()
        json.member("name", "Announce again")
        json.member("unique_id", "\(gatewayDeviceIdentifier)_announce")
        json.member("command_topic", layout.gatewayCommand)
        json.member("payload_press", Self.announceCommand)
        json.member("entity_category", "config")
        writeGatewayAvailability(into: &json)
        writeGatewayDevice(into: &json)
        json.endObject()
        return json.text
    }

    /// What the button sends to the command topic.
    public static let announceCommand = "announce"

    private func writeGatewayAvailability(into json: inout JSONWriter) {
        json.key("availability")
        json.beginArray()
        json.beginObject()
        json.member("topic", layout.gatewayStatus)
        json.endObject()
        json.endArray()
    }

    private func writeGatewayDevice(into json: inout JSONWriter) {
        json.key("device")
        json.beginObject()
        json.key("identifiers")
        json.beginArray()
        json.value(gatewayDeviceIdentifier)
        json.endArray()
        json.member("name", gatewayID == "tempest" ? "Tempest gateway" : "Tempest gateway \(gatewayID)")
        json.member("manufacturer", "tempest-gateway")
        json.member("model", "Gateway")
        json.member("sw_version", GatewayVersion.current)
        json.endObject()
        HomeAssistantDiscovery.writeOrigin(into: &json)
    }
}

/// An `[[upload]]` destination as the gateway device's entities name it.
public struct UploadDestinationName: Sendable, Equatable {
    /// Its 1-based table number.
    public var number: Int
    /// The service's name (`Weather Underground`).
    public var serviceName: String

    /// Makes one.
    public init(number: Int, serviceName: String) {
        self.number = number
        self.serviceName = serviceName
    }
}
