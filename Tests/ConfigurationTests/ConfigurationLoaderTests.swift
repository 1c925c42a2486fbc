// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import Storage
import TempestCloud
import TempestTestKit
import Testing

@Suite("Configuration loading: problems, defaults and precedence")
struct ConfigurationLoaderTests {
    private func resolve(_ text: String?, environment: [String: String] = [:]) -> LoadedConfiguration {
        ConfigurationLoader.resolve(fileText: text, path: text == nil ? nil : "test.toml", environment: environment)
    }

    @Test("Lists of entities come from an array in the file or a comma-separated variable; packing 0 means never")
    func listsAndPacking() {
        let file = resolve(
            """
            [storage]
            pack_after_days = 0
            [mqtt]
            disabled_entities = ["feels_like", "ST-00012345/uptime"]
            compat = "weatherflow2mqtt"
            """)
        #expect(file.problems.isEmpty, "\(file.problems)")
        #expect(file.configuration.storage.packAfterDays == nil)
        #expect(file.configuration.mqtt.disabledEntities == ["feels_like", "ST-00012345/uptime"])
        #expect(file.configuration.mqtt.compat == "weatherflow2mqtt")
        let environment = resolve(nil, environment: ["TEMPEST_GATEWAY_MQTT_DISABLED_ENTITIES": "feels_like, dew_point"])
        #expect(environment.configuration.mqtt.disabledEntities == ["feels_like", "dew_point"])
        let wrong = resolve("[mqtt]\ndisabled_entities = \"feels_like\"\ncompat = \"homie\"\n")
        #expect(wrong.problems.map(\.description) == [
            "line 2: mqtt.disabled_entities: \"feels_like\" is not an array; allowed: an array of names in quotes, such as [\"feels_like\", \"ST-00012345/uptime\"]",
            "line 3: mqtt.compat: \"homie\" is not one of the choices; allowed: one of \"none\", \"weatherflow2mqtt\"",
        ])
    }

    @Test("udp.relay: targets from the file or a comma-separated variable; a bad one is named with what is wrong")
    func relayTargets() {
        #expect(resolve(nil).configuration.udp.relay.isEmpty)
        let file = resolve("[udp]\nrelay = [\"192.168.20.5:50222\", \"192.168.30.9:50223\"]\n")
        #expect(file.problems.isEmpty, "\(file.problems)")
        #expect(file.configuration.udp.relay.map(\.description) == ["192.168.20.5:50222", "192.168.30.9:50223"])
        let environment = resolve(nil, environment: ["TEMPEST_GATEWAY_UDP_RELAY": "192.168.20.5:50222, 10.1.2.3:9"])
        #expect(environment.problems.isEmpty, "\(environment.problems)")
        #expect(environment.configuration.udp.relay.map(\.description) == ["192.168.20.5:50222", "10.1.2.3:9"])
        let allowed = "; allowed: an array of up to 16 different IPv4 ADDRESS:PORT in quotes, such as [\"192.168.20.5:50222\"]"
        let cases: [(value: String, problem: String)] = [
            (#"["192.168.20.5"]"#, #""192.168.20.5": no :PORT after the address"#),
            (#"["192.168.20.5:0"]"#, #""192.168.20.5:0": the port is not a whole number from 1 to 65535"#),
            (#"["192.168.20.5:65536"]"#, #""192.168.20.5:65536": the port is not a whole number from 1 to 65535"#),
            (
                #"["weewx.lan:50222"]"#,
                #""weewx.lan:50222": the part before the colon is not a numeric IPv4 address (host names are not resolved)"#
            ),
            (#"["0.0.0.0:50222"]"#, #""0.0.0.0:50222": 0.0.0.0 and 255.255.255.255 are not addresses to send to"#),
            (#"["10.0.0.1:5", "10.0.0.1:5"]"#, #""10.0.0.1:5" is given twice"#),
            (#"[50222]"#, "50222 in the array is not text in quotes"),
            (#""10.0.0.1:5""#, #""10.0.0.1:5" is not an array"#),
        ]
        for (value, problem) in cases {
            let loaded = resolve("[udp]\nrelay = \(value)\n")
            #expect(loaded.problems.map(\.description) == ["line 2: udp.relay: " + problem + allowed])
        }
        let tooMany = "[" + (1...17).map { "\"10.0.0.1:\($0)\"" }.joined(separator: ", ") + "]"
        #expect(resolve("[udp]\nrelay = \(tooMany)\n").problems.map(\.problem) == ["17 targets are more than 16"])
        let badVariable = resolve(nil, environment: ["TEMPEST_GATEWAY_UDP_RELAY": "192.168.20.5"])
        #expect(badVariable.problems.map(\.description) == [
            "environment variable TEMPEST_GATEWAY_UDP_RELAY: udp.relay: \"192.168.20.5\": no :PORT after the address" + allowed
        ])
    }

    @Test("With no file and no environment, the embedded defaults are today's")
    func defaults() {
        let loaded = resolve(nil)
        #expect(loaded.problems.isEmpty)
        let configuration = loaded.configuration
        #expect(configuration == GatewayConfiguration())
        #expect(configuration.udp.port == 50222)
        #expect(configuration.udp.address == "0.0.0.0")
        #expect(configuration.mqtt.host == "localhost")
        #expect(configuration.mqtt.port == nil)
        #expect(configuration.mqtt.base == "tempest")
        #expect(configuration.mqtt.qos == 1)
        #expect(configuration.mqtt.enabled && configuration.mqtt.homeAssistant && !configuration.mqtt.tls)
        #expect(configuration.mqtt.homeAssistantPrefix == "homeassistant")
        #expect(configuration.mqtt.protocolVersion == "5")
        #expect(configuration.station.sensorHeight == 0)
        #expect(configuration.metrics.port == nil)
        #expect(configuration.weatherFlow.api == WeatherFlowClient.defaultBaseURL)
        let storage = configuration.storage
        let policy = RetentionPolicy(
            rapidWindRawDays: storage.rapidWindRawDays, windMinuteDays: storage.windMinuteDays,
            observationDays: storage.observationDays, lightningStrikeDays: storage.lightningStrikeDays,
            rainStartDays: storage.rainStartDays, deviceStatusDays: storage.deviceStatusDays,
            hubStatusDays: storage.hubStatusDays, forecastSnapshotDays: storage.forecastSnapshotDays,
            packAfterDays: storage.packAfterDays)
        #expect(policy == RetentionPolicy())
        #expect(configuration.weatherFlow.fallbackAfterSeconds == 180)
        #expect(configuration.weatherFlow.backfillDays == 5)
        #expect(configuration.mqtt.compat == "none")
        #expect(configuration.mqtt.disabledEntities.isEmpty)
        #expect(loaded.settings.allSatisfy { $0.origin == .defaultValue })
    }

    @Test("File values are typed and remember their line")
    func fileValues() {
        let loaded = resolve(
            """
            [mqtt]
            host = "broker.lan"
            port = 8883
            tls = true
            protocol = "3.1.1"
            wind_unit = "km/h"
            [station]
            elevation = 1500      # whole numbers are fine for decimals
            timezone = "America/Denver"
            [storage]
            observation_days = 365
            device_status_days = 0
            """)
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        let configuration = loaded.configuration
        #expect(configuration.mqtt.host == "broker.lan")
        #expect(configuration.mqtt.port == 8883)
        #expect(configuration.mqtt.tls)
        #expect(configuration.mqtt.protocolVersion == "3.1.1")
        #expect(configuration.mqtt.windUnit == "km/h")
        #expect(configuration.station.elevation == 1500)
        #expect(configuration.station.timeZone == "America/Denver")
        #expect(configuration.storage.observationDays == 365)
        #expect(configuration.storage.deviceStatusDays == nil)
        #expect(loaded.setting("mqtt.port")?.origin == .file(line: 3))
        #expect(loaded.setting("udp.port")?.origin == .defaultValue)
    }

    @Test("A choice written as a number is read as its word (protocol = 5)")
    func choiceAsNumber() {
        let loaded = resolve("[mqtt]\nprotocol = 5\n")
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        #expect(loaded.setting("mqtt.protocol")?.value == .string("5"))
        #expect(loaded.setting("mqtt.protocol")?.origin == .file(line: 2))
    }

    @Test("Every kind of problem is collected with key, line, what is wrong and what is allowed")
    func problems() {
        let loaded = resolve(
            """
            [mqtt]
            port = "abc"
            qos = 2
            tls = "yes"
            units = "kelvin"
            base = "tempest/"
            colour = "blue"
            password = "hunter2"
            [udp]
            address = "not an address"
            port = 70000
            [station]
            elevation = "high"
            [weather]
            x = 1
            [weatherflow]
            api = "ftp://example"
            host = 5
            """)
        #expect(
            loaded.problems.map(\.description) == [
                "line 14: [weather] is not a known section; allowed: [udp], [storage], [station], [mqtt], [weatherflow], [forecast], [metrics], [web], [quality], [agronomy], [[export]], [[upload]]",
                "line 2: mqtt.port: \"abc\" is not a whole number; allowed: a whole number from 1 to 65535",
                "line 3: mqtt.qos: 2 is out of range; allowed: a whole number from 0 to 1",
                "line 4: mqtt.tls: \"yes\" is not true or false; allowed: true or false",
                "line 5: mqtt.units: \"kelvin\" is not one of the choices; allowed: one of \"metric\", \"imperial\"",
                "line 6: mqtt.base: \"tempest/\" is not allowed here; allowed: a topic prefix in quotes without +, # or a trailing /",
                "line 7: mqtt.colour: unknown key; allowed: in [mqtt]: enabled, host, port, user, password_file, tls, ca_file, base, client_id, protocol, qos, retained_qos, republish_unchanged, high_rate_values, keepalive, persistent_session, session_expiry, homeassistant, homeassistant_prefix, homeassistant_gateway_id, homeassistant_min_version, units, temperature_unit, wind_unit, pressure_unit, rain_unit, distance_unit, rapid_wind_interval, compat, disabled_entities, raining_hold_minutes, lightning_nearby_kilometers, lightning_nearby_minutes, lightning_strikes",
                "line 8: mqtt.password: secrets never go in the configuration (the value is not shown); allowed: mqtt.password_file, the path of a file only its owner can read",
                "line 10: udp.address: \"not an address\" is not allowed here; allowed: an IPv4 address in quotes, such as \"0.0.0.0\" or \"192.168.1.10\"",
                "line 11: udp.port: 70000 is out of range; allowed: a whole number from 1 to 65535",
                "line 13: station.elevation: \"high\" is not a number; allowed: a number from -500 to 9000",
                "line 17: weatherflow.api: \"ftp://example\" is not allowed here; allowed: an http:// or https:// URL in quotes",
                "line 18: weatherflow.host: unknown key; allowed: in [weatherflow]: api, token_file, fallback_after_seconds, backfill_days, mode, websocket_url, ca_file, nearby_strikes_kilometers",
            ])
        #expect(!loaded.problems.contains { $0.description.contains("hunter2") })
        #expect(throws: ConfigurationError.self) { try loaded.validConfiguration() }
        // A bad value leaves the default in place.
        #expect(loaded.configuration.mqtt.qos == 1)
    }

    @Test("Environment beats the file, the file beats the default")
    func precedence() {
        let loaded = resolve(
            "[mqtt]\nhost = \"from-file\"\nport = 1884\n[udp]\nport = 50223\n",
            environment: [
                "TEMPEST_GATEWAY_MQTT_HOST": "from-env", "TEMPEST_GATEWAY_MQTT_TLS": "yes",
                "TEMPEST_GATEWAY_STATION_ELEVATION": "12.5", "PATH": "/bin",
            ])
        #expect(loaded.problems.isEmpty)
        let configuration = loaded.configuration
        #expect(configuration.mqtt.host == "from-env")
        #expect(configuration.mqtt.tls)
        #expect(configuration.mqtt.port == 1884)
        #expect(configuration.udp.port == 50223)
        #expect(configuration.station.elevation == 12.5)
        #expect(loaded.setting("mqtt.host")?.origin == .environment(variable: "TEMPEST_GATEWAY_MQTT_HOST"))
        #expect(loaded.setting("mqtt.port")?.origin == .file(line: 3))
        #expect(loaded.setting("mqtt.base")?.origin == .defaultValue)
    }

    @Test("A bad or unknown environment variable is a problem naming the variable")
    func environmentProblems() {
        let loaded = resolve(
            nil,
            environment: [
                "TEMPEST_GATEWAY_MQTT_PORT": "abc", "TEMPEST_GATEWAY_MQTT_HOTS": "x",
                "TEMPEST_GATEWAY_MQTT_PASSWORD": "secret-value",
            ])
        #expect(
            loaded.problems.map(\.description) == [
                "environment variable TEMPEST_GATEWAY_MQTT_HOTS: not a known variable; allowed: TEMPEST_GATEWAY_<SECTION>_<KEY>, upper-case, for a key that `config show` lists",
                "environment variable TEMPEST_GATEWAY_MQTT_PASSWORD: secrets never go in the configuration (the value is not shown); allowed: mqtt.password_file, the path of a file only its owner can read",
                "environment variable TEMPEST_GATEWAY_MQTT_PORT: mqtt.port: \"abc\" is not a whole number; allowed: a whole number from 1 to 65535",
            ])
    }

    @Test("Every key has a variable named TEMPEST_GATEWAY_<SECTION>_<KEY>, and every default passes its own rule")
    func keysAreConsistent() {
        #expect(ConfigurationSchema.key("mqtt.host")?.environmentVariable == "TEMPEST_GATEWAY_MQTT_HOST")
        #expect(ConfigurationSchema.key("storage.rapid_wind_raw_days")?.environmentVariable == "TEMPEST_GATEWAY_STORAGE_RAPID_WIND_RAW_DAYS")
        for key in ConfigurationSchema.keys {
            #expect(key.defaultValue != nil || key.defaultNote != nil, "\(key.path) says nothing about its default")
            if let value = key.defaultValue {
                #expect((try? key.rule.check(value).get()) == value, "\(key.path)")
            }
        }
        #expect(Set(ConfigurationSchema.keys.map(\.path)).count == ConfigurationSchema.keys.count)
    }

    @Test("A missing default file is fine; a missing explicit file is an error")
    func missingFiles() throws {
        let directory = try TemporaryDirectory()
        let missing = directory.file("absent.toml")
        #expect(throws: ConfigurationError.fileNotFound(path: missing)) {
            try ConfigurationLoader.load(explicitPath: missing, environment: [:])
        }
        let present = directory.file("config.toml")
        try ConfigurationFile.write("[udp]\nport = 50300\n", to: present)
        let loaded = try ConfigurationLoader.load(explicitPath: present, environment: [:])
        #expect(loaded.path == present)
        #expect(loaded.configuration.udp.port == 50300)
    }
}
