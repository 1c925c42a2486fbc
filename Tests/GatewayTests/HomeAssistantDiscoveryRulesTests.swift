// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ForecastBridge
import Foundation
import Meteorology
import TempestUDP
import Testing
@testable import CloudFollowing
@testable import Forecasting
@testable import GatewayCore
@testable import GatewayStatus
@testable import MQTTSink
@testable import Pipeline
@testable import WebPage

/// The rules of the discovery configs, one by one, in process: what Home
/// Assistant 2025.4 accepts without a warning and can show (the real Home
/// Assistant check is scripts/check-home-assistant.sh).
@Suite("Home Assistant discovery rules")
struct HomeAssistantDiscoveryRulesTests {
    static let tempest = HomeAssistantDiscovery.Device(serial: "ST-00054321", family: .tempest, hubSerial: "HB-00012345", firmware: "179")
    static let hub = HomeAssistantDiscovery.Device(serial: "HB-00012345", family: .hub, firmware: "194")

    func object(_ payload: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any])
    }

    func config(_ configs: [(topic: String, payload: String)], _ suffix: String) throws -> [String: Any] {
        try object(try #require(configs.first { $0.topic.hasSuffix(suffix) }, "\(suffix)").payload)
    }

    @Test("wind direction has the wind_direction class and measurement_angle from 2025.4, neither before")
    func windDirectionByVersion() throws {
        let current = HomeAssistantDiscovery(layout: TopicLayout())
        let wind = try config(current.configs(for: Self.tempest), "/wind_direction/config")
        #expect(wind["device_class"] as? String == "wind_direction")
        #expect(wind["state_class"] as? String == "measurement_angle")
        #expect(wind["unit_of_measurement"] as? String == "°")
        let older = HomeAssistantDiscovery(layout: TopicLayout(), minimumVersion: try #require(HomeAssistantVersion("2025.3.4")))
        let oldWind = try config(older.configs(for: Self.tempest), "/wind_direction/config")
        #expect(oldWind["device_class"] == nil)
        #expect(oldWind["state_class"] == nil)
        #expect(oldWind["unit_of_measurement"] as? String == "°")
    }

    @Test("3-second wind and the hub's signal are read from their events, in protocol units, unless high-rate values are plain values too")
    func highRateEntitiesReadEvents() throws {
        let imperial = PublishedUnits.imperial
        let lean = HomeAssistantDiscovery(layout: TopicLayout(base: "wx"), units: imperial)
        let wind = try config(lean.configs(for: Self.tempest), "/wind_speed/config")
        #expect(wind["state_topic"] as? String == "wx/ST-00054321/event/rapid_wind")
        #expect(wind["value_template"] as? String == "{{ value_json.wind_speed }}")
        #expect(wind["unit_of_measurement"] as? String == "m/s")
        #expect(wind["device_class"] as? String == "wind_speed")
        // A recorder written every 3 seconds wears an SD card: off until a user enables it.
        #expect(wind["enabled_by_default"] as? Bool == false)
        let signal = try config(lean.configs(for: Self.hub), "/rssi/config")
        #expect(signal["state_topic"] as? String == "wx/HB-00012345/event/hub_status")
        #expect(signal["value_template"] as? String == "{{ value_json.rssi }}")
        #expect(signal["unit_of_measurement"] as? String == "dBm")
        // The Tempest's own signal comes once a minute: still its plain value.
        let tempestSignal = try config(lean.configs(for: Self.tempest), "/rssi/config")
        #expect(tempestSignal["state_topic"] as? String == "wx/ST-00054321/rssi")
        #expect(tempestSignal["value_template"] as? String == HomeAssistantDiscovery.unknownWhenEmpty)

        let plain = HomeAssistantDiscovery(layout: TopicLayout(base: "wx"), units: imperial, highRateValues: true)
        let plainWind = try config(plain.configs(for: Self.tempest), "/wind_speed/config")
        #expect(plainWind["state_topic"] as? String == "wx/ST-00054321/wind_speed")
        #expect(plainWind["value_template"] as? String == HomeAssistantDiscovery.unknownWhenEmpty)
        #expect(plainWind["unit_of_measurement"] as? String == "mph")
        let plainSignal = try config(plain.configs(for: Self.hub), "/rssi/config")
        #expect(plainSignal["state_topic"] as? String == "wx/HB-00012345/rssi")
    }

    @Test("versions read YEAR.MONTH with an optional patch level, and compare by year then month")
    func versions() throws {
        #expect(HomeAssistantVersion("2025.4") == HomeAssistantVersion(year: 2025, month: 4))
        #expect(HomeAssistantVersion("2025.4.4") == HomeAssistantVersion(year: 2025, month: 4))
        for bad in ["", "2025", "2025.13", "2025.0", "25.4", "2025.4.4.1", "2025.x", "2025..4", " 2025.4"] {
            #expect(HomeAssistantVersion(bad) == nil, "\(bad)")
        }
        #expect(try #require(HomeAssistantVersion("2024.12")) < .standard)
        #expect(try #require(HomeAssistantVersion("2026.1")) > .temperatureDelta)
    }

    @Test("text values are enum sensors listing every value they can take, without unit, state class or precision")
    func enums() throws {
        let discovery = HomeAssistantDiscovery(layout: TopicLayout())
        let configs = discovery.configs(for: Self.tempest)
        let expected: [String: [String]] = [
            "rain_intensity": ["No rain", "Very light", "Light", "Moderate", "Heavy", "Very heavy", "Violent"],
            "uv_category": UVCategory.allCases.map(\.rawValue),
            "battery_level": BatteryLevel.allCases.map(\.rawValue),
            "cardinal_direction": CardinalDirection.names + ["calm"],
            "power_save_mode": ["0", "1", "2", "3"],
        ]
        for (field, options) in expected {
            let json = try config(configs, "/\(field)/config")
            #expect(json["device_class"] as? String == "enum", "\(field)")
            #expect(json["options"] as? [String] == options, "\(field)")
            #expect(json["unit_of_measurement"] == nil && json["state_class"] == nil, "\(field)")
            #expect(json["suggested_display_precision"] == nil, "\(field)")
        }
        // Every value the gateway can publish is among the options.
        #expect(RainIntensity.allCases.allSatisfy { expected["rain_intensity"]!.contains($0.publishedText) })
        #expect(!expected["rain_intensity"]!.contains("None"), "Home Assistant reads None as no value")
        for speed in [0.0, 3] {
            for degrees in stride(from: 0.0, to: 360, by: 7.5) {
                let name = try #require(CardinalDirection.name(directionDegrees: degrees, speedMetersPerSecond: speed))
                #expect(expected["cardinal_direction"]!.contains(name))
            }
        }
    }

    @Test("a dry sky publishes No rain on the plain topic; the compatibility layout keeps its own words")
    func rainIntensityWord() {
        #expect(RainIntensity.none.publishedText == "No rain")
        #expect(RainIntensity.light.publishedText == "Light")
        #expect(WeatherFlow2MQTTCompatibility.rainIntensity(millimetersPerHour: 0) == "None")
    }

    @Test("uptime gives way to a last-restart timestamp: its old config is cleared, and disabled_entities still accepts it")
    func lastRestart() throws {
        let discovery = HomeAssistantDiscovery(layout: TopicLayout())
        for device in [Self.tempest, Self.hub] {
            let configs = discovery.configs(for: device)
            let restart = try config(configs, "/\(device.serial)/last_restart/config")
            #expect(restart["device_class"] as? String == "timestamp")
            #expect(restart["state_topic"] as? String == "tempest/\(device.serial)/last_restart")
            let uptime = try #require(configs.first { $0.topic == "homeassistant/sensor/\(device.serial)/uptime/config" })
            #expect(uptime.payload.isEmpty)
        }
        #expect(HomeAssistantEntity.unknownEntityProblem(["uptime", "ST-00054321/uptime", "last_restart"]) == nil)
        // Report time minus uptime, to the minute.
        let restart = MessagePublications.lastRestart(
            reportedAt: UnixTimestamp(secondsSince1970: 1_700_000_100), uptimeSeconds: 1_000)
        #expect(restart == "2023-11-14T21:58:00Z")
        let aSecondLater = MessagePublications.lastRestart(
            reportedAt: UnixTimestamp(secondsSince1970: 1_700_000_161), uptimeSeconds: 1_060)
        #expect(aSecondLater == restart)
        #expect(MessagePublications.lastRestart(reportedAt: UnixTimestamp(secondsSince1970: 1), uptimeSeconds: nil) == nil)
    }

    @Test("signal strengths are in dBm with the signal_strength class")
    func signalStrength() throws {
        let discovery = HomeAssistantDiscovery(layout: TopicLayout())
        for (device, field) in [(Self.tempest, "rssi"), (Self.tempest, "hub_rssi"), (Self.hub, "rssi")] {
            let json = try config(discovery.configs(for: device), "/\(device.serial)/\(field)/config")
            #expect(json["unit_of_measurement"] as? String == "dBm", "\(field)")
            #expect(json["device_class"] as? String == "signal_strength", "\(field)")
        }
    }

    @Test("sea-level pressure is announced only with an elevation; without one its config is cleared")
    func seaLevelPressure() throws {
        let topic = "homeassistant/sensor/ST-00054321/sea_level_pressure/config"
        let with = HomeAssistantDiscovery(layout: TopicLayout(), seaLevelPressure: true).configs(for: Self.tempest)
        #expect(with.first { $0.topic == topic }?.payload.isEmpty == false)
        let without = HomeAssistantDiscovery(layout: TopicLayout(), seaLevelPressure: false).configs(for: Self.tempest)
        #expect(without.first { $0.topic == topic }?.payload.isEmpty == true)
        #expect(without.first { $0.topic.hasSuffix("/station_pressure/config") }?.payload.isEmpty == false)
    }

    @Test("devices are named Hub HB-…, Tempest ST-…, carry serial_number, and the origin has a support_url")
    func deviceBlocks() throws {
        let discovery = HomeAssistantDiscovery(layout: TopicLayout())
        for (device, name) in [(Self.hub, "Hub HB-00012345"), (Self.tempest, "Tempest ST-00054321")] {
            let json = try config(discovery.configs(for: device), "/\(device.serial)/rssi/config")
            let block = try #require(json["device"] as? [String: Any])
            #expect(block["name"] as? String == name)
            #expect(block["serial_number"] as? String == device.serial)
            let origin = try #require(json["origin"] as? [String: Any])
            #expect((origin["support_url"] as? String)?.hasPrefix("https://") == true)
            #expect(origin["sw_version"] as? String == GatewayVersion.current)
        }
    }

    @Test("the gateway id comes from the base topic unless configured; a configured one moves the gateway's status")
    func gatewayID() {
        #expect(HomeAssistantDiscovery.gatewayID(base: "tempest") == "tempest")
        #expect(HomeAssistantDiscovery.gatewayID(base: "Home/Weather-Station") == "home_weather_station")
        #expect(HomeAssistantDiscovery.gatewayID(base: "//") == "tempest")
        let derived = HomeAssistantDiscovery(layout: TopicLayout(base: "home/wx"))
        #expect(derived.gatewayID == "home_wx")
        #expect(derived.layout.gatewayStatus == "home/wx/gateway/status", "scripts keep reading it")
        let configured = HomeAssistantDiscovery(layout: TopicLayout(base: "tempest", gatewayID: "garden"))
        #expect(configured.gatewayID == "garden")
        #expect(configured.layout.gatewayStatus == "tempest/gateway/garden/status")
        #expect(configured.layout.gatewayCommand == "tempest/gateway/garden/command")
    }

    @Test("forecast entities: no state class, expire after three polls, condition as an enum, ids of this gateway, the old shared device cleared")
    func forecast() throws {
        let discovery = HomeAssistantDiscovery(layout: TopicLayout(base: "wx"))
        let forecast = ForecastDiscovery(discovery: discovery, units: .metric, pollIntervalSeconds: 1_800)
        let configs = forecast.configs(base: "wx")
        let own = configs.filter { $0.topic.hasPrefix("homeassistant/sensor/tempest_forecast_wx/") }
        #expect(own.count == ForecastDiscovery.entities.count)
        for (topic, payload) in own {
            let json = try object(payload)
            #expect(json["state_class"] == nil, "\(topic): statistics are for what was measured")
            #expect(json["expire_after"] as? Int == 5_400, "\(topic)")
            #expect((json["device"] as? [String: Any])?["identifiers"] as? [String] == ["tempest_forecast_wx"])
            #expect((json["unique_id"] as? String)?.hasPrefix("tempest_forecast_wx_") == true)
        }
        let cleared = configs.filter { $0.topic.hasPrefix("homeassistant/sensor/tempest_forecast/") }
        #expect(cleared.count == ForecastDiscovery.entities.count)
        #expect(cleared.allSatisfy { $0.payload.isEmpty })
        let condition = try config(configs, "tempest_forecast_wx/condition/config")
        #expect(condition["device_class"] as? String == "enum")
        #expect(condition["options"] as? [String] == WeatherCondition.allCases.map(\.rawValue))
        // A temperature difference: no class before 2025.11, temperature_delta from it.
        let difference = try config(configs, "tempest_forecast_wx/observed_minus_forecast/config")
        #expect(difference["device_class"] == nil)
        #expect(difference["unit_of_measurement"] as? String == "°C")
        let newer = HomeAssistantDiscovery(layout: TopicLayout(base: "wx"), minimumVersion: try #require(HomeAssistantVersion("2025.11")))
        let newerConfigs = ForecastDiscovery(discovery: newer, units: .imperial, pollIntervalSeconds: 600).configs(base: "wx")
        let delta = try config(newerConfigs, "tempest_forecast_wx/observed_minus_forecast/config")
        #expect(delta["device_class"] as? String == "temperature_delta")
        #expect(delta["unit_of_measurement"] as? String == "°F")
        #expect(delta["expire_after"] as? Int == 1_800)
    }

    @Test("two gateways on one broker announce different forecast and gateway devices")
    func twoGateways() {
        let first = HomeAssistantDiscovery(layout: TopicLayout(base: "north"))
        let second = HomeAssistantDiscovery(layout: TopicLayout(base: "south"))
        let topics = { (discovery: HomeAssistantDiscovery) in
            Set((discovery.gatewayConfigs() + ForecastDiscovery(discovery: discovery, units: .metric).configs(base: discovery.layout.base))
                .filter { !$0.payload.isEmpty }.map(\.topic))
        }
        #expect(topics(first).isDisjoint(with: topics(second)))
        #expect(first.gatewayDeviceIdentifier != second.gatewayDeviceIdentifier)
    }

    @Test("the gateway device: connectivity from its status, counters, last restart, version and an announce button")
    func gatewayDevice() throws {
        let discovery = HomeAssistantDiscovery(layout: TopicLayout(base: "wx"))
        let configs = discovery.gatewayConfigs()
        let connectivity = try config(configs, "binary_sensor/tempest_gateway_wx/status/config")
        #expect(connectivity["device_class"] as? String == "connectivity")
        #expect(connectivity["state_topic"] as? String == "wx/gateway/status")
        #expect(connectivity["payload_on"] as? String == "online" && connectivity["payload_off"] as? String == "offline")
        #expect(connectivity["availability"] == nil, "it reads off, not unavailable, when the gateway is gone")
        let received = try config(configs, "sensor/tempest_gateway_wx/datagrams_received/config")
        #expect(received["state_class"] as? String == "total_increasing")
        #expect(received["state_topic"] as? String == "wx/gateway/datagrams_received")
        let button = try config(configs, "button/tempest_gateway_wx/announce/config")
        #expect(button["command_topic"] as? String == "wx/gateway/command")
        #expect(button["payload_press"] as? String == "announce")
        let values = GatewayDeviceValues(
            outboxDepth: 3, datagramsReceived: 120, datagramsRejected: 2, startedAtUnixSeconds: 1_700_000_000, version: "1.2.3")
        let messages = Dictionary(uniqueKeysWithValues: values.messages(layout: discovery.layout).map { ($0.topic, $0.payload) })
        #expect(messages["wx/gateway/outbox_depth"] == "3")
        #expect(messages["wx/gateway/datagrams_received"] == "120")
        #expect(messages["wx/gateway/datagrams_rejected"] == "2")
        #expect(messages["wx/gateway/last_restart"] == "2023-11-14T22:13:20Z")
        #expect(messages["wx/gateway/version"] == "1.2.3")
        // Every entity that reads a value has one published (status comes from the connection).
        for entity in HomeAssistantDiscovery.gatewayEntities where entity.field != "status" {
            #expect(messages[discovery.layout.gatewayValue(entity.field)] != nil, "\(entity.field)")
        }
    }

    @Test("the nearby-strikes feed's entities: on the gateway device only while the feed is on, named Nearby, with their values")
    func nearbyStrikeEntities() throws {
        let off = HomeAssistantDiscovery(layout: TopicLayout(base: "wx"))
        #expect(!off.gatewayConfigs().contains { $0.topic.contains("nearby") })
        let discovery = HomeAssistantDiscovery(layout: TopicLayout(base: "wx"), units: PublishedUnits(distance: .miles), nearbyStrikes: true)
        let configs = discovery.gatewayConfigs()
        let count = try config(configs, "sensor/tempest_gateway_wx/nearby_lightning_count_last_hour/config")
        #expect(count["name"] as? String == "Nearby lightning count (last hour)")
        #expect(count["state_topic"] as? String == "wx/gateway/nearby_lightning_count_last_hour")
        #expect(count["state_class"] as? String == "measurement")
        #expect(count["entity_category"] == nil, "a reading, not a diagnostic")
        let distance = try config(configs, "sensor/tempest_gateway_wx/nearby_lightning_last_distance/config")
        #expect(distance["name"] as? String == "Nearby lightning last distance")
        #expect(distance["device_class"] as? String == "distance")
        #expect(distance["unit_of_measurement"] as? String == "mi")
        #expect(distance["unique_id"] as? String == "tempest_gateway_wx_nearby_lightning_last_distance")

        var values = GatewayDeviceValues(
            outboxDepth: 0, datagramsReceived: 0, datagramsRejected: 0, startedAtUnixSeconds: 1_700_000_000, version: "1.2.3")
        #expect(!values.messages(layout: discovery.layout).contains { $0.topic.contains("nearby") }, "off: nothing published")
        values.nearbyStrikes = NearbyStrikeTally.Summary(lastHourCount: 4, lastThreeHoursCount: 9, lastDistanceKilometers: 16.09344, lastAt: 1)
        let messages = Dictionary(
            uniqueKeysWithValues: values.messages(layout: discovery.layout, units: discovery.units).map { ($0.topic, $0.payload) })
        #expect(messages["wx/gateway/nearby_lightning_count_last_hour"] == "4")
        #expect(messages["wx/gateway/nearby_lightning_last_distance"] == "10")
    }
}
