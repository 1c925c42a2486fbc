// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import GatewayCore
import JSON
import MQTTSink
import Meteorology
import Pipeline
import TempestUDP
import Testing

/// How the figures beyond one message are announced and published: Home
/// Assistant entities, units, and WeatherFlow2MQTT's layout.
@Suite struct StationFigurePublicationTests {
    static let tempest = HomeAssistantDiscovery.Device(serial: "ST-00054321", family: .tempest, hubSerial: "HB-00012345")

    func config(_ field: String, component: String = "sensor") throws -> JSONValue {
        let discovery = HomeAssistantDiscovery(layout: TopicLayout())
        let topic = "homeassistant/\(component)/ST-00054321/\(field)/config"
        let payload = try #require(discovery.configs(for: Self.tempest).first { $0.topic == topic }?.payload)
        return try JSONValue.parse(payload)
    }

    @Test func theConditionsAreBinarySensorsWithDeviceClasses() throws {
        for (field, deviceClass) in [("raining", "moisture"), ("lightning_nearby", "safety"), ("freezing", "cold")] {
            let config = try config(field, component: "binary_sensor")
            #expect(config["device_class"]?.stringValue == deviceClass)
            #expect(config["payload_on"]?.stringValue == "ON")
            #expect(config["state_topic"]?.stringValue == "tempest/ST-00054321/\(field)")
            #expect(config["enabled_by_default"] == nil)
        }
    }

    @Test func thePressureTrendIsAnEnumAndNoisyValuesStartDisabled() throws {
        let trend = try config("pressure_trend")
        #expect(trend["device_class"]?.stringValue == "enum")
        #expect(trend["options"]?.arrayValue?.compactMap(\.stringValue) == ["falling", "steady", "rising"])
        for field in ["air_density", "delta_t", "cloud_base", "beaufort", "observation_last_time"] {
            #expect(try config(field)["enabled_by_default"]?.boolValue == false, "\(field)")
        }
        for field in ["heat_index", "rain_this_year", "air_temperature_max_all_time", "sunshine_minutes_today"] {
            #expect(try config(field)["enabled_by_default"] == nil, "\(field)")
        }
        #expect(try config("rain_this_month")["state_class"]?.stringValue == "total_increasing")
    }

    @Test func anAIRHasNoRainOrWindFigures() {
        let discovery = HomeAssistantDiscovery(layout: TopicLayout())
        let fields = discovery.configs(for: .init(serial: "AR-00004049", family: .air)).map(\.topic)
        #expect(fields.contains("homeassistant/binary_sensor/AR-00004049/freezing/config"))
        #expect(!fields.contains { $0.contains("/raining/") || $0.contains("rain_this_year") || $0.contains("wind_gust_max_year") })
        #expect(HomeAssistantEntity.allFields.isSuperset(of: ["raining", "pressure_trend", "rain_last_24_hours", "wind_gust_max_all_time"]))
    }

    @Test func unitsConvertRecordsAndDifferences() {
        let imperial = PublishedUnits.imperial
        #expect(imperial.text(field: "delta_t", 5) == "9")
        #expect(imperial.text(field: "air_temperature_max_year", 30) == "86")
        #expect(imperial.text(field: "rain_this_year", 25.4) == "1")
        #expect(imperial.homeAssistantUnit(field: "wind_gust_max_all_time", fallback: nil) == "mph")
        #expect(imperial.homeAssistantUnit(field: "pressure_change_3_hours", fallback: nil) == "inHg")
    }

    @Test func weatherFlow2MQTTGetsItsPressureTrendAndHighLow() throws {
        let datagram = """
            {"serial_number":"ST-00054321","type":"obs_st","hub_sn":"HB-00012345","obs":[[1720850460,0.1,0.8,1.6,213,3,1009.2,27.4,71,812,0.06,7,0.0,0,0,0,2.68,1]],"firmware_revision":176}
            """
        guard case .decoded(let message, _) = DatagramDecoder().decode(datagram) else {
            Issue.record("did not decode")
            return
        }
        var accumulator = DailyAccumulator(timeZone: .utc)
        var sample = ObservationSample(serial: "ST-00054321", timestamp: 1_720_850_460)
        sample.airTemperatureCelsius = 27.4
        sample.windGustMetersPerSecond = 1.6
        accumulator.add(sample)
        let totals = accumulator.current(serial: "ST-00054321", at: 1_720_850_460)
        var snapshot = StationSnapshot()
        snapshot.pressureTrend = PressureTrend(samples: [(1_720_839_660, 1011.0), (1_720_850_460, 1009.2)])
        var records = PeriodRecords()
        records.month.maximumTemperature = .init(value: 31.26, timestamp: 1_720_000_000)
        records.allTime.maximumTemperature = .init(value: 35.5, timestamp: 1_690_000_000)
        records.allTime.minimumTemperature = .init(value: -12, timestamp: 1_700_000_000)
        records.allTime.maximumGust = .init(value: 20, timestamp: 1_700_000_000)
        snapshot.records = records
        let states = WeatherFlow2MQTTCompatibility().states(for: message, site: nil, totals: totals, snapshot: snapshot)
        let observation = try JSONValue.parse(try #require(states.first { $0.event == "observation" }?.payload))
        #expect(observation["pressure_trend"]?.stringValue == "Falling")
        #expect(observation["pressure_trend_value"]?.doubleValue == -1.8)
        let highLow = try #require(states.first { $0.event == "high_low" })
        #expect(highLow.leaf == "attributes")
        let json = try JSONValue.parse(highLow.payload)
        #expect(json["air_temperature"]?["max_day"]?.doubleValue == 27.4)
        #expect(json["air_temperature"]?["max_month"]?.doubleValue == 31.3)
        #expect(json["air_temperature"]?["min_all"]?.doubleValue == -12)
        #expect(json["air_temperature"]?["max_all_time"]?.stringValue == "2023-07-22T04:26:40+00:00")
        #expect(json["wind_gust"]?["max_all"]?.doubleValue == 20)
        #expect(
            WeatherFlow2MQTTCompatibility.stateTopic(serial: "ST-00054321", event: "high_low", leaf: highLow.leaf)
                == "homeassistant/sensor/weatherflow2mqtt_ST-00054321/high_low/attributes")
        // Without a snapshot nothing of it is published.
        let plain = WeatherFlow2MQTTCompatibility().states(for: message, site: nil, totals: totals)
        #expect(plain.count == 1)
        #expect(try JSONValue.parse(plain[0].payload)["pressure_trend"] == nil)
    }
}
