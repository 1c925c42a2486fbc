// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import TempestTestKit
import Testing

@Suite("config show, validate and set; run --config")
struct ConfigCommandTests {
    private static let badFile = """
        # A file with three mistakes.
        [udp]
        port = 50222

        [mqtt]
        port = "abc"
        qos = 2
        colour = "blue"
        """

    @Test("validate lists every problem with its line, key, what is wrong and what is allowed, and exits 1")
    func validateReportsProblems() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("config.toml")
        try Self.badFile.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try Gateway.run(["config", "validate", "--config", path])
        #expect(result.status == 1)
        #expect(
            result.standardOutput.split(separator: "\n").map(String.init) == [
                "line 6: mqtt.port: \"abc\" is not a whole number; allowed: a whole number from 1 to 65535",
                "line 7: mqtt.qos: 2 is out of range; allowed: a whole number from 0 to 1",
                "line 8: mqtt.colour: unknown key; allowed: in [mqtt]: enabled, host, port, user, password_file, tls, ca_file, base, client_id, protocol, qos, retained_qos, republish_unchanged, high_rate_values, keepalive, persistent_session, session_expiry, homeassistant, homeassistant_prefix, homeassistant_gateway_id, homeassistant_min_version, units, temperature_unit, wind_unit, pressure_unit, rain_unit, distance_unit, rapid_wind_interval, compat, disabled_entities, raining_hold_minutes, lightning_nearby_kilometers, lightning_nearby_minutes, lightning_strikes",
                "3 problems in \(path) and the environment.",
            ])
    }

    @Test("validate passes a good file, checks the environment, and knows real time zones; --json too")
    func validateEnvironmentAndJSON() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("config.toml")
        try "[station]\ntimezone = \"America/Denver\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        let good = try Gateway.run(["config", "validate", "--config", path])
        #expect(good.status == 0)
        #expect(good.standardOutput == "OK: \(path) and the environment have no problems.\n")

        let bad = try Gateway.run(
            ["config", "validate", "--config", path, "--json"],
            environment: ["TEMPEST_GATEWAY_UDP_PORT": "0", "TEMPEST_GATEWAY_STATION_TIMEZONE": "Mars/Olympus"])
        #expect(bad.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bad.standardOutput.utf8)) as? [String: Any])
        #expect(object["valid"] as? Bool == false)
        let problems = try #require(object["problems"] as? [[String: Any]])
        #expect(problems.map { $0["variable"] as? String } == ["TEMPEST_GATEWAY_UDP_PORT", "TEMPEST_GATEWAY_STATION_TIMEZONE"])
        #expect(problems.map { $0["key"] as? String } == ["udp.port", "station.timezone"])
        #expect(problems.first?["problem"] as? String == "0 is out of range")
    }

    @Test("several stations: validate names the station of each problem, show lists each, set edits one; a [station] file stays one")
    func severalStations() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("config.toml")
        let single = "[station]\nstation_id = 100\n"
        try single.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try Gateway.run(["config", "validate", "--config", path]).status == 0)
        #expect(try Gateway.run(["config", "set", "station.elevation", "12", "--config", path]).status == 0)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == single + "elevation = 12.0\n", "a [station] file stays as it is")

        try """
            [[station]]
            station_id = 100
            [[station]]
            station_id = 100
            timezone = "Mars/Olympus"
            """.write(toFile: path, atomically: true, encoding: .utf8)
        let bad = try Gateway.run(["config", "validate", "--config", path])
        #expect(bad.status == 1)
        #expect(bad.standardOutput.contains("line 4: station[2].station_id: station 100 is also station[1]; allowed: each station_id once"))
        #expect(bad.standardOutput.contains("line 5: station[2].timezone: \"Mars/Olympus\" is not a time zone this system knows"))

        try "[[station]]\nstation_id = 100\n[[station]]\nstation_id = 200\n".write(toFile: path, atomically: true, encoding: .utf8)
        let set = try Gateway.run(["config", "set", "station[2].timezone", "Europe/Zurich", "--config", path])
        #expect(set.status == 0, "\(set.standardError)")
        #expect(set.standardOutput == "Set station[2].timezone = \"Europe/Zurich\" in \(path).\n")
        let beyond = try Gateway.run(["config", "set", "station[3].timezone", "Europe/Zurich", "--config", path])
        #expect(beyond.status != 0)
        #expect(beyond.standardError.contains("station[3].timezone: the file names 2 stations"))
        let shown = try Gateway.run(["config", "show", "--config", path], environment: ["NO_COLOR": "1"])
        let lines = shown.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("[[station]] 2 of 2"))
        #expect(lines.contains("  station[2].station_id: 200; from: file line 4"))
        #expect(lines.contains("  station[2].timezone: \"Europe/Zurich\"; from: file line 5"))
        #expect(lines.contains("  station.station_id: 100; from: file line 2"))
    }

    @Test("A missing --config file is an error that names it")
    func missingFile() throws {
        let directory = try TemporaryDirectory()
        let result = try Gateway.run(["config", "validate", "--config", directory.file("absent.toml")])
        #expect(result.status != 0)
        #expect(result.standardError.contains("the configuration file \(directory.file("absent.toml")) does not exist"))
    }

    @Test("show gives each value and its source, and never a secret's value")
    func show() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("config.toml")
        try "[mqtt]\nhost = \"from-file\"\nport = 1884\n".write(toFile: path, atomically: true, encoding: .utf8)
        let environment = ["TEMPEST_GATEWAY_MQTT_HOST": "from-env", "TEMPEST_MQTT_PASSWORD": "hunter2-secret", "NO_COLOR": "1"]
        let text = try Gateway.run(["config", "show", "--config", path], environment: environment)
        #expect(text.status == 0)
        let lines = text.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "Configuration file: \(path)")
        #expect(lines.contains("  mqtt.host: \"from-env\"; from: environment TEMPEST_GATEWAY_MQTT_HOST"))
        #expect(lines.contains("  mqtt.port: 1884; from: file line 3"))
        #expect(lines.contains("  mqtt.base: \"tempest\"; from: default"))
        #expect(lines.contains("  MQTT password: from the environment variable TEMPEST_MQTT_PASSWORD"))
        #expect(lines.contains("  Open-Meteo API key: none"))
        #expect(lines.contains("[mqtt]"), "headings are plain text off a terminal")
        // The key's variable is reported as run reads it, never its value.
        let keyed = try Gateway.run(
            ["config", "show", "--config", path], environment: ["TEMPEST_OPEN_METEO_API_KEY": "om-key-77", "NO_COLOR": "1"])
        #expect(keyed.standardOutput.contains("  Open-Meteo API key: from the environment variable TEMPEST_OPEN_METEO_API_KEY"))
        #expect(!keyed.standardOutput.contains("om-key-77"))
        #expect(!text.standardOutput.contains("hunter2"))

        let json = try Gateway.run(["config", "show", "--config", path, "--json"], environment: environment)
        #expect(!json.standardOutput.contains("hunter2"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let settings = try #require(object["settings"] as? [[String: Any]])
        let byKey = Dictionary(uniqueKeysWithValues: settings.map { ($0["key"] as! String, $0) })
        #expect(byKey["mqtt.host"]?["origin"] as? String == "environment")
        #expect(byKey["mqtt.port"]?["value"] as? Int == 1884)
        #expect(byKey["mqtt.port"]?["line"] as? Int == 3)
        #expect(byKey["udp.port"]?["value"] as? Int == 50222)
        #expect(byKey["udp.port"]?["origin"] as? String == "default")
    }

    @Test("set changes one key of the shipped example, keeps its comments and mode, and refuses unknown keys")
    func set() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("config.toml")
        let original = try String(contentsOfFile: BuiltProducts.packageRoot + "/packaging/config.toml", encoding: .utf8)
        try original.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(chmod(path, 0o640) == 0)

        let result = try Gateway.run(["config", "set", "mqtt.host", "broker.lan", "--config", path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "Set mqtt.host = \"broker.lan\" in \(path).\n")
        let edited = try String(contentsOfFile: path, encoding: .utf8)
        #expect(edited.contains("# host = \"localhost\"\nhost = \"broker.lan\"\n"))
        #expect(edited.replacingOccurrences(of: "host = \"broker.lan\"\n", with: "") == original)
        var status = stat()
        #expect(stat(path, &status) == 0 && status.st_mode & 0o777 == 0o640)
        let shown = try Gateway.run(["config", "show", "--config", path])
        #expect(shown.standardOutput.contains("  mqtt.host: \"broker.lan\"; from: file line"))

        let unknown = try Gateway.run(["config", "set", "mqtt.colour", "blue", "--config", path])
        #expect(unknown.status != 0)
        #expect(unknown.standardError.contains("unknown key mqtt.colour"))
        let badValue = try Gateway.run(["config", "set", "udp.port", "99999", "--config", path])
        #expect(badValue.status != 0)
        #expect(badValue.standardError.contains("udp.port: 99999 is out of range; allowed: a whole number from 1 to 65535"))
        let badZone = try Gateway.run(["config", "set", "station.timezone", "Mars/Olympus", "--config", path])
        #expect(badZone.status != 0)
        #expect(badZone.standardError.contains("station.timezone: \"Mars/Olympus\" is not a time zone this system knows"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == edited)
    }

    @Test("doctor reports a configuration with problems as a failed check, and still runs the others")
    func doctor() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("config.toml")
        try "[mqtt]\nenabled = false\nqos = 5\n".write(toFile: path, atomically: true, encoding: .utf8)
        let result = try Gateway.run(
            [
                "doctor", "--json", "--config", path, "--port", String(try FreePort.udp()), "--seconds", "1",
                "--database", directory.file("none.db"),
            ])
        #expect(result.status == 1)
        let checks = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        let configuration = try #require(checks.first { $0["check"] as? String == "configuration \(path)" })
        #expect(configuration["result"] as? String == "fail")
        #expect(configuration["detail"] as? String == "line 3: mqtt.qos: 5 is out of range; allowed: a whole number from 0 to 1")
        #expect(!checks.contains { ($0["check"] as? String)?.hasPrefix("MQTT broker") == true }, "mqtt.enabled = false is honoured")
        #expect(checks.contains { ($0["check"] as? String)?.hasPrefix("system clock") == true })
    }

    @Test("storage.database from the environment is the database of the other commands too; --database beats it")
    func databaseForOtherCommands() throws {
        let directory = try TemporaryDirectory()
        let configured = directory.file("configured.db")
        let environment = ["TEMPEST_GATEWAY_STORAGE_DATABASE": configured]
        let missing = try Gateway.run(["db", "stats"], environment: environment)
        #expect(missing.status != 0)
        #expect(missing.standardError.contains(configured), "\(missing.standardError)")
        let given = try Gateway.run(["db", "stats", "--database", directory.file("given.db")], environment: environment)
        #expect(given.standardError.contains(directory.file("given.db")))
        #expect(!given.standardError.contains(configured))
    }

    @Test("run reads --config; the environment beats the file; options beat both; a bad file stops it naming the key")
    func runUsesConfiguration() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("config.toml")
        let port = try FreePort.udp()
        try """
            [udp]
            address = "127.0.0.1"
            port = \(port)
            [storage]
            database = "\(directory.file("from-file.db"))"
            [station]
            timezone = "Asia/Tokyo"
            [mqtt]
            enabled = false
            """.write(toFile: path, atomically: true, encoding: .utf8)
        let fromFile = try Gateway.run(["run", "--config", path, "--print", "none", "--seconds", "1"])
        #expect(fromFile.status == 0, "\(fromFile.standardError)")
        #expect(fromFile.standardError.contains("Storing in \(directory.file("from-file.db")); daily totals in the Asia/Tokyo time zone"))
        #expect(fromFile.standardError.contains("on UDP 127.0.0.1:\(port)"))
        #expect(!fromFile.standardError.contains("Publishing to MQTT"))

        let overridden = try Gateway.run(
            ["run", "--config", path, "--print", "none", "--seconds", "1", "--database", directory.file("from-option.db")],
            environment: ["TEMPEST_GATEWAY_STATION_TIMEZONE": "Europe/Berlin", "TEMPEST_GATEWAY_STORAGE_DATABASE": directory.file("from-env.db")])
        #expect(overridden.status == 0, "\(overridden.standardError)")
        #expect(overridden.standardError.contains("Storing in \(directory.file("from-option.db")); daily totals in the Europe/Berlin time zone"))

        try Self.badFile.write(toFile: path, atomically: true, encoding: .utf8)
        let bad = try Gateway.run(["run", "--config", path, "--print", "none", "--seconds", "1"])
        #expect(bad.status != 0)
        #expect(bad.standardError.contains("line 6: mqtt.port: \"abc\" is not a whole number"))
        #expect(!bad.standardError.contains("Listening"))

        try "".write(toFile: path, atomically: true, encoding: .utf8)
        let badZone = try Gateway.run(
            ["run", "--config", path, "--print", "none", "--seconds", "1", "--database", directory.file("never.db"), "--no-mqtt"],
            environment: ["TEMPEST_GATEWAY_STATION_TIMEZONE": "Mars/Olympus"])
        #expect(badZone.status != 0)
        #expect(
            badZone.standardError.contains(
                "environment variable TEMPEST_GATEWAY_STATION_TIMEZONE: station.timezone: \"Mars/Olympus\" is not a time zone this system knows"))
        #expect(access(directory.file("never.db"), F_OK) != 0, "the database is not even created")
    }

    @Test("run refuses a disabled entity that names nothing, naming the key, before opening the database")
    func runChecksEntities() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("config.toml")
        try """
            [mqtt]
            disabled_entities = ["feels_like", "feels_lik"]
            """.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try Gateway.run(
            ["run", "--config", path, "--print", "none", "--seconds", "1", "--database", directory.file("never.db"), "--no-mqtt"])
        #expect(result.status != 0)
        #expect(result.standardError.contains("mqtt.disabled_entities: 'feels_lik' names no entity"))
        #expect(access(directory.file("never.db"), F_OK) != 0, "the database is not even created")
    }
}
