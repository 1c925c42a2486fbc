// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Testing
import TempestTestKit

/// The rules of the configuration seen from the command line: a value the
/// broker library refuses is refused up front, the options of `run` follow
/// the schema, and a file that sets no key is a warning, never a silent
/// move to the defaults.
@Suite("configuration rules from the command line", .serialized)
struct ConfigurationRuleTests {
    @Test("keepalive 3 is refused by config validate, the environment and run, each naming the key")
    func keepaliveThree() throws {
        let directory = try TemporaryDirectory()
        let config = directory.file("config.toml")
        try "[mqtt]\nkeepalive = 3\n".write(toFile: config, atomically: true, encoding: .utf8)
        let text = try Gateway.run(["config", "validate", "--config", config])
        #expect(text.status == 1)
        #expect(text.standardOutput.contains("line 2: mqtt.keepalive: 3 is out of range; allowed: 0 (off), or a whole number from 5 to 65535"))
        let json = try Gateway.run(["config", "validate", "--config", config, "--json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(document["valid"] as? Bool == false)
        #expect((document["problems"] as? [[String: Any]])?.first?["key"] as? String == "mqtt.keepalive")

        try "".write(toFile: config, atomically: true, encoding: .utf8)
        let environment = try Gateway.run(["config", "validate", "--config", config], environment: ["TEMPEST_GATEWAY_MQTT_KEEPALIVE": "4"])
        #expect(environment.status == 1)
        #expect(environment.standardOutput.contains("mqtt.keepalive: 4 is out of range"))
        let run = try Gateway.run(["run", "--config", config, "--mqtt-keepalive", "3"])
        #expect(run.status == 64)
        #expect(run.standardError.contains("--mqtt-keepalive: 3 is out of range; allowed: 0 (off), or a whole number from 5 to 65535 (as for mqtt.keepalive)"))
    }

    /// The options of `run` that set a key, with a value just outside the
    /// key's rule and the key. The schema's own test covers the file and the
    /// environment for every key.
    static let outsideOptions: [(option: String, value: String, key: String)] = [
        ("--udp-port", "0", "udp.port"),
        ("--udp-address", "10.0.0", "udp.address"),
        ("--future-tolerance", "-1", "udp.future_tolerance_seconds"),
        ("--future-tolerance", "86401", "udp.future_tolerance_seconds"),
        ("--max-devices", "0", "station.max_devices"),
        ("--max-devices", "10001", "station.max_devices"),
        ("--elevation", "9000.5", "station.elevation"),
        ("--sensor-height", "-0.5", "station.sensor_height"),
        ("--station", "0", "station.station_id"),
        ("--fallback-after", "29", "weatherflow.fallback_after_seconds"),
        ("--fallback-after", "86401", "weatherflow.fallback_after_seconds"),
        ("--backfill-days", "31", "weatherflow.backfill_days"),
        ("--metrics-port", "0", "metrics.port"),
        ("--mqtt-host", "broker lan", "mqtt.host"),
        ("--mqtt-port", "0", "mqtt.port"),
        ("--mqtt-port", "65536", "mqtt.port"),
        ("--mqtt-base", "tempest/#", "mqtt.base"),
        ("--homeassistant-prefix", "ha/", "mqtt.homeassistant_prefix"),
        ("--rapid-wind-interval", "3601", "mqtt.rapid_wind_interval"),
        ("--mqtt-protocol", "3.1", "mqtt.protocol"),
        ("--mqtt-qos", "2", "mqtt.qos"),
        ("--mqtt-keepalive", "4", "mqtt.keepalive"),
        ("--mqtt-keepalive", "65536", "mqtt.keepalive"),
        ("--weatherflow-api", "ftp://example.org", "weatherflow.api"),
        ("--forecast-interval", "1441", "forecast.poll_minutes"),
        ("--forecast-interval", "0", "forecast.poll_minutes"),
        ("--open-meteo-api", "api.open-meteo.com", "forecast.open_meteo_api"),
    ]

    @Test("each option of run refuses a value just outside its key's rule, naming option and key")
    func optionsFollowTheSchema() throws {
        for (option, value, key) in Self.outsideOptions {
            let result = try Gateway.run(["run", "--no-mqtt", "--print", "none", "\(option)=\(value)"])
            #expect(result.status == 64, "\(option) \(value) was accepted")
            #expect(result.standardError.contains("\(option): "), "\(option): \(result.standardError)")
            #expect(result.standardError.contains("(as for \(key))"), "\(option): \(result.standardError)")
        }
        // Latitude and longitude come as a pair.
        let latitude = try Gateway.run(["run", "--no-mqtt", "--latitude=90.5", "--longitude=0"])
        #expect(latitude.status == 64)
        #expect(latitude.standardError.contains("(as for station.latitude)"))
    }

    @Test("an empty or comment-only file is valid for config validate, with a warning in text and JSON")
    func emptyFileWarns() throws {
        let directory = try TemporaryDirectory()
        let config = directory.file("config.toml")
        for text in ["", "# tempest-gateway\n# nothing set yet\n"] {
            try text.write(toFile: config, atomically: true, encoding: .utf8)
            let plain = try Gateway.run(["config", "validate", "--config", config])
            #expect(plain.status == 0)
            #expect(plain.standardOutput.contains("Warning: \(config) sets no key (it is empty or only comments)"))
            #expect(plain.standardOutput.contains("OK: \(config)"))
            let json = try Gateway.run(["config", "validate", "--config", config, "--json"])
            #expect(json.status == 0)
            let document = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
            #expect(document["valid"] as? Bool == true)
            let warnings = try #require(document["warnings"] as? [String])
            #expect(warnings.count == 1 && warnings[0].contains("sets no key"))
        }
        try "[mqtt]\nhost = \"127.0.0.1\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let json = try Gateway.run(["config", "validate", "--config", config, "--json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect((document["warnings"] as? [String])?.isEmpty == true)
    }

    @Test("SIGHUP with an emptied file keeps the gateway on its broker; with --allow-empty it is applied")
    func emptyFileNotApplied() throws {
        let broker = try MosquittoBroker()
        let watcher = try ChildProcess(
            executable: "/usr/bin/mosquitto_sub",
            arguments: ["-h", "127.0.0.1", "-p", String(broker.port), "-t", "tempest/#", "-q", "1", "-v"])
        try watcher.start()
        usleep(300_000)
        let directory = try TemporaryDirectory()
        let config = directory.file("config.toml")
        let port = try FreePort.udp()
        try ReloadTests.mqttConfiguration(udpPort: port, directory: directory, brokerPort: broker.port)
            .write(toFile: config, atomically: true, encoding: .utf8)
        let gateway = try ReloadTests.startGateway(config: config)
        let sender = try UDPSender(port: port)
        func event(_ timestamp: Int64) -> String {
            #"{"serial_number":"ST-00054321","type":"rapid_wind","hub_sn":"HB-00012345","ob":[\#(timestamp),1.5,90]}"#
        }
        try sender.send(event(1_720_850_400))
        #expect(watcher.waitFor(timeoutSeconds: 10) { $0.standardOutputSoFar.contains(#""timestamp":1720850400"#) })

        try "# emptied by mistake\n".write(toFile: config, atomically: true, encoding: .utf8)
        gateway.send(signal: SIGHUP)
        #expect(gateway.waitFor(timeoutSeconds: 10) {
            $0.standardErrorSoFar.contains("Configuration not reloaded, the running one stays: the configuration file \(config) sets no key")
        })
        try sender.send(event(1_720_850_403))
        #expect(watcher.waitFor(timeoutSeconds: 10) { $0.standardOutputSoFar.contains(#""timestamp":1720850403"#) }, "still publishing to its broker")
        gateway.send(signal: SIGTERM)
        let result = try gateway.wait(timeoutSeconds: 30)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardError.contains("moved to the MQTT broker"))
        #expect(watcher.standardOutputSoFar.contains("tempest/gateway/status offline"), "its clean stop reached the same broker")

        // With --allow-empty the defaults are applied: here the broker on
        // 127.0.0.1 (given by the environment, so no traffic leaves the loopback) at port 1883.
        try ReloadTests.mqttConfiguration(udpPort: port, directory: directory, brokerPort: broker.port)
            .write(toFile: config, atomically: true, encoding: .utf8)
        let allowing = try ChildProcess(
            executable: Gateway.path, arguments: ["run", "--config", config, "--print", "none", "--allow-empty"],
            environment: ["TEMPEST_GATEWAY_MQTT_HOST": "127.0.0.1"])
        try allowing.start()
        #expect(allowing.waitFor(timeoutSeconds: 20) { $0.standardErrorSoFar.contains("Listening") })
        try "".write(toFile: config, atomically: true, encoding: .utf8)
        allowing.send(signal: SIGHUP)
        #expect(allowing.waitFor(timeoutSeconds: 10) { $0.standardErrorSoFar.contains("Configuration reloaded: ") })
        #expect(allowing.standardErrorSoFar.contains("moved to the MQTT broker at 127.0.0.1:1883"))
        allowing.send(signal: SIGTERM)
        _ = try allowing.wait(timeoutSeconds: 30)
    }

    @Test("a file that set nothing from the start (the shipped example) reloads as it is")
    func commentOnlyFileReloads() throws {
        let directory = try TemporaryDirectory()
        let config = directory.file("config.toml")
        try String(contentsOfFile: BuiltProducts.packageRoot + "/packaging/config.toml", encoding: .utf8)
            .write(toFile: config, atomically: true, encoding: .utf8)
        let gateway = try ReloadTests.startGateway(
            config: config,
            extra: ["--database", directory.file("g.db"), "--udp-address", "127.0.0.1", "--udp-port", String(try FreePort.udp()), "--no-mqtt"])
        gateway.send(signal: SIGHUP)
        #expect(gateway.waitFor(timeoutSeconds: 10) { $0.standardErrorSoFar.contains("Configuration reloaded: nothing changed.") })
        #expect(!gateway.standardErrorSoFar.contains("Configuration not reloaded"))
        gateway.send(signal: SIGTERM)
        _ = try gateway.wait(timeoutSeconds: 30)
    }
}
