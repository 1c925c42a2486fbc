// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import Configuration
import GatewayCore
import Glibc
import MQTT
import MQTTSink
import Pipeline

/// The broker options of `run`. The password never comes from the command
/// line (every user can read process arguments): it is read from a file
/// only its owner can read, from `$TEMPEST_MQTT_PASSWORD`, or from the
/// systemd credential `mqtt-password`.
///
/// Options left out keep the configuration file's value (see
/// ``applied(to:)``); the defaults in the help are the embedded ones.
struct MQTTOptions: ParsableArguments {
    @Flag(help: "Do not publish to MQTT at all.")
    var noMqtt = false

    @Option(help: "The MQTT broker's host name or address (default: localhost).")
    var mqttHost: String?

    @Option(parsing: .unconditional, help: "The MQTT broker's port (default 1883, or 8883 with --mqtt-tls).")
    var mqttPort: Int32?

    @Option(help: "The user name for the broker.")
    var mqttUser: String?

    @Option(help: "A file holding the broker password (mode 600). Or set TEMPEST_MQTT_PASSWORD, or the systemd credential mqtt-password.")
    var mqttPasswordFile: String?

    @Flag(help: "Connect with TLS (certificate and host name verified).")
    var mqttTls = false

    @Option(help: "The CA certificate file for TLS (default: the system's trusted CAs).")
    var mqttCaFile: String?

    @Option(help: "The topic prefix (default: tempest).")
    var mqttBase: String?

    @Option(help: "The MQTT client id (default: tempest-gateway-<host name>).")
    var mqttClientId: String?

    @Option(help: "The Home Assistant discovery prefix (default: homeassistant).")
    var homeassistantPrefix: String?

    @Flag(help: "Do not announce entities to Home Assistant (MQTT discovery).")
    var noHomeassistant = false

    /// Unit systems for published values.
    enum UnitSystem: String, ExpressibleByArgument, CaseIterable {
        case metric, imperial
    }

    @Option(help: "Units of published values: metric (°C, m/s, mb, mm, km; the default) or imperial (°F, mph, inHg, in, mi). The database and JSON events stay metric.")
    var units: UnitSystem?

    @Option(help: "Override the temperature unit: celsius or fahrenheit.")
    var temperatureUnit: PublishedUnits.TemperatureUnit?

    @Option(help: "Override the wind speed unit: m/s, km/h, mph or knots.")
    var windUnit: PublishedUnits.SpeedUnit?

    @Option(help: "Override the pressure unit: mb, inHg, mmHg or kPa.")
    var pressureUnit: PublishedUnits.PressureUnit?

    @Option(help: "Override the rain unit: mm or in.")
    var rainUnit: PublishedUnits.RainUnit?

    @Option(help: "Override the distance unit: km or mi.")
    var distanceUnit: PublishedUnits.DistanceUnit?

    @Option(parsing: .unconditional, help: "Publish 3-second wind at most every N seconds, with that window's mean, gust and vector-mean direction (0, the default: every sample).")
    var rapidWindInterval: Int?

    /// Other programs whose topics can be published too.
    enum Compatibility: String, ExpressibleByArgument, CaseIterable {
        case weatherflow2mqtt
    }

    @Option(help: "Also publish the state topics, JSON keys and units of another program, so its dashboards keep working: weatherflow2mqtt (WeatherFlow2MQTT 3.2.2; units follow --units). See docs/weatherflow2mqtt-compat.md.")
    var compat: Compatibility?

    @Option(help: ArgumentHelp(
        "Remove an entity from Home Assistant: its discovery config becomes an empty retained message (its plain topic is still published). KEY is a field such as feels_like for every device, SERIAL/FIELD (ST-00012345/feels_like) for one, or forecast/FIELD (forecast/condition) for the forecast device. Repeatable.",
        valueName: "key"))
    var disableEntity: [String] = []


    @Option(parsing: .unconditional, help: .hidden)
    var mqttRestartDelay: Double = 30

    @Option(help: "The MQTT protocol version: 5 (the default) or 3.1.1.")
    var mqttProtocol: String?

    @Option(parsing: .unconditional, help: "Quality of service for published messages: 0 or 1 (the default).")
    var mqttQos: Int32?

    @Option(parsing: .unconditional, help: "Quality of service for retained values and availability: 1 (the default) or 0 (no acknowledgement; all are published again after every reconnect). Events keep --mqtt-qos.")
    var mqttRetainedQos: Int32?

    @Flag(help: "Publish every retained value with every message, also when it did not change (by default only changed values are sent).")
    var mqttRepublishUnchanged = false

    @Flag(help: "Also publish as plain values what changes every few seconds: rapid wind's wind_speed and wind_direction, the hub's rssi, and every status report's uptime and seq. By default only their events carry them, which halves the messages of a day.")
    var mqttHighRateValues = false

    @Option(parsing: .unconditional, help: ArgumentHelp("The keepalive interval: 0 (none) or 5 to 65535 seconds (default 60).", valueName: "seconds"))
    var mqttKeepalive: Int32?

    @Flag(help: "Ask the broker to keep this client's session (its subscriptions and the QoS 1 messages they receive) while the gateway is away: clean start off, with --mqtt-session-expiry on MQTT 5.")
    var mqttPersistentSession = false

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "How long the broker keeps a persistent session after the connection ends, MQTT 5 only (4294967295: for ever).",
        valueName: "seconds"))
    var mqttSessionExpiry: UInt32?

    /// Every option that sets an `[mqtt]` key is held to that key's rule.
    func validate() throws {
        try ConfigurationSchema.checkOption("mqtt-host", sets: "mqtt.host", mqttHost)
        try ConfigurationSchema.checkOption("mqtt-port", sets: "mqtt.port", mqttPort)
        try ConfigurationSchema.checkOption("mqtt-user", sets: "mqtt.user", mqttUser)
        try ConfigurationSchema.checkOption("mqtt-password-file", sets: "mqtt.password_file", mqttPasswordFile)
        try ConfigurationSchema.checkOption("mqtt-ca-file", sets: "mqtt.ca_file", mqttCaFile)
        try ConfigurationSchema.checkOption("mqtt-base", sets: "mqtt.base", mqttBase)
        try ConfigurationSchema.checkOption("mqtt-client-id", sets: "mqtt.client_id", mqttClientId)
        try ConfigurationSchema.checkOption("homeassistant-prefix", sets: "mqtt.homeassistant_prefix", homeassistantPrefix)
        try ConfigurationSchema.checkOption("rapid-wind-interval", sets: "mqtt.rapid_wind_interval", rapidWindInterval)
        try ConfigurationSchema.checkOption("mqtt-protocol", sets: "mqtt.protocol", mqttProtocol)
        try ConfigurationSchema.checkOption("mqtt-qos", sets: "mqtt.qos", mqttQos)
        try ConfigurationSchema.checkOption("mqtt-retained-qos", sets: "mqtt.retained_qos", mqttRetainedQos)
        try ConfigurationSchema.checkOption("mqtt-keepalive", sets: "mqtt.keepalive", mqttKeepalive)
        try ConfigurationSchema.checkOption("mqtt-session-expiry", sets: "mqtt.session_expiry", mqttSessionExpiry)
        if let problem = HomeAssistantEntity.unknownEntityProblem(disableEntity) {
            throw ValidationError("--disable-entity: \(problem)")
        }
    }

    /// `mqtt`, the configuration file's settings, with every option given
    /// on the command line in their place.
    func applied(to mqtt: GatewayConfiguration.MQTT) -> GatewayConfiguration.MQTT {
        var result = mqtt
        if noMqtt { result.enabled = false }
        if let mqttHost { result.host = mqttHost }
        if let mqttPort { result.port = Int(mqttPort) }
        if let mqttUser { result.user = mqttUser }
        if let mqttPasswordFile { result.passwordFile = mqttPasswordFile }
        if mqttTls { result.tls = true }
        if let mqttCaFile { result.caFile = mqttCaFile }
        if let mqttBase { result.base = mqttBase }
        if let mqttClientId { result.clientID = mqttClientId }
        if let mqttProtocol { result.protocolVersion = mqttProtocol }
        if let mqttQos { result.qos = Int(mqttQos) }
        if let mqttRetainedQos { result.retainedQoS = Int(mqttRetainedQos) }
        if mqttRepublishUnchanged { result.republishUnchanged = true }
        if mqttHighRateValues { result.highRateValues = true }
        if noHomeassistant { result.homeAssistant = false }
        if let homeassistantPrefix { result.homeAssistantPrefix = homeassistantPrefix }
        if let units { result.units = units.rawValue }
        if let temperatureUnit { result.temperatureUnit = temperatureUnit.rawValue }
        if let windUnit { result.windUnit = windUnit.rawValue }
        if let pressureUnit { result.pressureUnit = pressureUnit.rawValue }
        if let rainUnit { result.rainUnit = rainUnit.rawValue }
        if let distanceUnit { result.distanceUnit = distanceUnit.rawValue }
        if let rapidWindInterval { result.rapidWindInterval = rapidWindInterval }
        if let compat { result.compat = compat.rawValue }
        if let mqttKeepalive { result.keepalive = Int(mqttKeepalive) }
        if mqttPersistentSession { result.persistentSession = true }
        if let mqttSessionExpiry { result.sessionExpiry = Int(mqttSessionExpiry) }
        // Entities disabled on the command line add to those of the file.
        result.disabledEntities += disableEntity.filter { !result.disabledEntities.contains($0) }
        return result
    }

    static func defaultClientID() -> String {
        var name = [UInt8](repeating: 0, count: 256)
        gethostname(&name, name.count - 1)
        let host = String(decoding: name.prefix { $0 != 0 }, as: UTF8.self).filter { $0.isLetter || $0.isNumber || $0 == "-" }
        return "tempest-gateway-" + (host.isEmpty ? "host" : String(host.prefix(40)))
    }
}
