// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Pipeline
import Storage
import TempestUDP
import TempestTestKit
import Testing

/// Issue #43's quality checks on the built binary, with a real broker and
/// UDP on 127.0.0.1: a `device_status` saying the temperature sensor failed,
/// then an `obs_st` reading 0.0 °C, makes the temperature and what is derived
/// from it unknown on MQTT, with the reason, until a good status; a mode-3
/// battery makes rain unknown, not 0. The database keeps the raw values.
@Suite("quality checks, end to end", .serialized)
struct QualityRunTests {
    static let serial = "ST-00043002"

    static func observation(_ timestamp: Int64, temperature: String, sampleInterval: Int = 3, battery: String = "2.6") -> String {
        let wind = sampleInterval == 300 ? "null,null,null,null" : "0.5,1,2,90"
        return #"{"serial_number":"\#(serial)","type":"obs_st","hub_sn":"HB-00043002","obs":[[\#(timestamp),\#(wind),\#(sampleInterval),1000,\#(temperature),50,0,0,0,0.0,0,0,0,\#(battery),1]]}"#
    }

    static func status(_ timestamp: Int64, sensorStatus: Int) -> String {
        #"{"serial_number":"\#(serial)","type":"device_status","hub_sn":"HB-00043002","timestamp":\#(timestamp),"uptime":500,"voltage":2.6,"firmware_revision":176,"rssi":-60,"hub_rssi":-60,"sensor_status":\#(sensorStatus),"debug":0}"#
    }

    /// The last payload published on `field` for the device, as a subscriber
    /// saw them all ("" for an empty one), nil before the first.
    static func latest(_ watcher: ChildProcess, _ field: String) -> String? {
        let topic = "tempest/\(serial)/\(field) "
        return watcher.standardOutputSoFar.split(separator: "\n", omittingEmptySubsequences: false)
            .last { $0.hasPrefix(topic) || $0 == topic.dropLast() }
            .map { line in
                let payload = line.count > topic.count ? String(line.dropFirst(topic.count)) : ""
                return payload == "(null)" ? "" : payload
            }
    }

    /// Waits (at most 20 s) until every field's last payload is the one given.
    static func waitFor(_ watcher: ChildProcess, _ expected: [String: String]) -> Bool {
        watcher.waitFor(timeoutSeconds: 20) { _ in expected.allSatisfy { latest(watcher, $0.key) == $0.value } }
    }

    @Test("a failed temperature sensor reading 0.0 °C is unknown on MQTT with its reason until a good status; mode 3 makes rain unknown")
    func failedTemperatureAndModeThree() throws {
        let broker = try MosquittoBroker()
        let directory = try TemporaryDirectory()
        let database = directory.file("g.db")
        let udpPort = try FreePort.udp()
        let watcher = try ChildProcess(
            executable: "/usr/bin/mosquitto_sub",
            arguments: ["-h", "127.0.0.1", "-p", String(broker.port), "-t", "tempest/\(Self.serial)/#", "-v"])
        try watcher.start()
        defer { watcher.send(signal: SIGTERM) }
        usleep(400_000)
        let gateway = try Gateway.startWithBroker(database: database, udpPort: udpPort, brokerPort: broker.port, clientID: "gateway-quality-test")
        let sender = try UDPSender(port: udpPort)
        let now = Int64(Date().timeIntervalSince1970)
        let seen = { "\(watcher.standardOutputSoFar.suffix(4_000))" }

        try sender.send(Self.observation(now - 300, temperature: "21.5"))
        #expect(Self.waitFor(watcher, ["air_temperature": "21.5", "quality": "{}"]), "\(seen())")
        let dewPoint = Self.latest(watcher, "dew_point")
        #expect(dewPoint.map { !$0.isEmpty } == true)

        // temperature_failed (0x10, spec 4.1), then 0.0 °C: the bit and the value agree.
        try sender.send(Self.status(now - 250, sensorStatus: 0x10))
        #expect(Self.waitFor(watcher, ["sensor_status": "16"]), "\(seen())")
        try sender.send(Self.observation(now - 240, temperature: "0.0"))
        #expect(
            Self.waitFor(
                watcher,
                ["air_temperature": "", "dew_point": "", "feels_like": "", "quality": #"{"air_temperature":"sensor_failed"}"#,
                 "relative_humidity": "50"]), "\(seen())")
        // Still 0.0 °C a minute later: still unknown, and no 0 °C low today.
        try sender.send(Self.observation(now - 180, temperature: "0.0"))
        let events = { watcher.standardOutputSoFar.split(separator: "\n").filter { $0.hasPrefix("tempest/\(Self.serial)/event/observation ") } }
        #expect(watcher.waitFor(timeoutSeconds: 20) { _ in events().count == 3 }, "\(seen())")
        #expect(events().last?.contains(#""quality":{"air_temperature":"sensor_failed"}"#) == true, "\(seen())")
        #expect(Self.latest(watcher, "air_temperature") == "")
        #expect(Self.latest(watcher, "air_temperature_min_today") == "21.5")
        #expect(Self.latest(watcher, "quality_problem") == "ON")
        // `status` and `doctor` name the finding and since when.
        let since = UTCTime.iso8601(UnixTimestamp(secondsSince1970: now - 240))
        let status = try Gateway.run(["status", "--json", "--database", database])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8)) as? [String: Any])
        let findings = try #require(report["quality_findings"] as? [[String: String]], "\(status.standardOutput)")
        #expect(findings == [["serial_number": Self.serial, "field": "air_temperature", "verdict": "bad", "reason": "sensor_failed", "since": since]])
        let text = try Gateway.run(["status", "--database", database])
        #expect(text.standardOutput.contains("Quality finding on device \(Self.serial): value air_temperature is bad, reason sensor_failed, since \(since)."), "\(text.standardOutput)")
        let doctor = try Gateway.run(["doctor", "--json", "--port", String(try FreePort.udp()), "--seconds", "1", "--no-mqtt", "--database", database])
        #expect(doctor.standardOutput.contains("\(Self.serial) air_temperature bad (sensor_failed) since \(since)"), "\(doctor.standardOutput)")

        // A good status and a normal reading: the values are back.
        try sender.send(Self.status(now - 150, sensorStatus: 0))
        #expect(Self.waitFor(watcher, ["sensor_status": "0"]), "\(seen())")
        try sender.send(Self.observation(now - 120, temperature: "21.7"))
        #expect(Self.waitFor(watcher, ["air_temperature": "21.7", "quality": "{}"]), "\(seen())")
        #expect(Self.latest(watcher, "dew_point").map { !$0.isEmpty } == true)
        #expect(Self.latest(watcher, "quality_problem") == "OFF")

        // Power-save mode 3 (wind sampled every 300 s): the haptic rain sensor is off.
        try sender.send(Self.observation(now - 60, temperature: "21.8", sampleInterval: 300, battery: "2.35"))
        #expect(
            Self.waitFor(watcher, ["air_temperature": "21.8", "rain_accumulated": "", "quality": #"{"precipitation_type":"rain_sensor_off","rain_accumulated":"rain_sensor_off"}"#]),
            "\(seen())")

        // Home Assistant reads an empty value as unknown, and the reasons as the `quality` attribute.
        let config = try ChildProcess.run(
            executable: "/usr/bin/mosquitto_sub",
            arguments: [
                "-h", "127.0.0.1", "-p", String(broker.port), "-t", "homeassistant/sensor/\(Self.serial)/air_temperature/config", "-C", "1",
                "-W", "5",
            ])
        #expect(config.standardOutput.contains(#""value_template":"{{ value if value else None }}""#), "\(config.standardOutput)")
        #expect(config.standardOutput.contains(#""json_attributes_topic":"tempest/\#(Self.serial)/quality""#), "\(config.standardOutput)")

        gateway.send(signal: SIGTERM)
        #expect(try gateway.wait(timeoutSeconds: 30).status == 0)
        let store = try Store(readOnlyPath: database)
        let rows = try store.observations(serial: Self.serial, from: 0, to: Int64.max)
        #expect(rows.map(\.airTemperatureCelsius) == [21.5, 0, 0, 21.7, 21.8])
        let verdicts = try store.verdicts(serial: Self.serial, from: 0, to: Int64.max)
        #expect(verdicts.map { "\($0.timestamp - now) \($0.field) \($0.verdict) \($0.reason)" } == [
            "-240 air_temperature bad sensor_failed", "-180 air_temperature bad sensor_failed",
            "-60 precipitation_type bad rain_sensor_off", "-60 rain_accumulated bad rain_sensor_off",
        ])
    }
}
