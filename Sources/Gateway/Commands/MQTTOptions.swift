import ArgumentParser
import Glibc
import MQTT

/// The broker options of `run`. The password never comes from the command
/// line (every user can read process arguments): it is read from a file
/// only its owner can read, from `$TEMPEST_MQTT_PASSWORD`, or from the
/// systemd credential `mqtt-password`.
struct MQTTOptions: ParsableArguments {
    @Flag(help: "Do not publish to MQTT at all.")
    var noMqtt = false

    @Option(help: "The MQTT broker's host name or address.")
    var mqttHost: String = "localhost"

    @Option(help: "The MQTT broker's port (default 1883, or 8883 with --mqtt-tls).")
    var mqttPort: Int32?

    @Option(help: "The user name for the broker.")
    var mqttUser: String?

    @Option(help: "A file holding the broker password (mode 600). Or set TEMPEST_MQTT_PASSWORD, or the systemd credential mqtt-password.")
    var mqttPasswordFile: String?

    @Flag(help: "Connect with TLS (certificate and host name verified).")
    var mqttTls = false

    @Option(help: "The CA certificate file for TLS (default: the system's trusted CAs).")
    var mqttCaFile: String?

    @Option(help: "The topic prefix.")
    var mqttBase: String = "tempest"

    @Option(help: "The MQTT client id (default: tempest-gateway-<host name>).")
    var mqttClientId: String?

    @Option(help: "The Home Assistant discovery prefix.")
    var homeassistantPrefix: String = "homeassistant"

    @Flag(help: "Do not announce entities to Home Assistant (MQTT discovery).")
    var noHomeassistant = false

    /// Unit systems for published values.
    enum UnitSystem: String, ExpressibleByArgument, CaseIterable {
        case metric, imperial
    }

    @Option(help: "Units of published values: metric (°C, m/s, mb, mm, km) or imperial (°F, mph, inHg, in, mi). The database and JSON events stay metric.")
    var units: UnitSystem = .metric

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

    @Option(help: "Publish 3-second wind at most every N seconds, with that window's mean, gust and vector-mean direction (0: every sample).")
    var rapidWindInterval: Int = 0

    /// The chosen units.
    var publishedUnits: PublishedUnits {
        var chosen = units == .imperial ? PublishedUnits.imperial : .metric
        if let temperatureUnit { chosen.temperature = temperatureUnit }
        if let windUnit { chosen.speed = windUnit }
        if let pressureUnit { chosen.pressure = pressureUnit }
        if let rainUnit { chosen.rain = rainUnit }
        if let distanceUnit { chosen.distance = distanceUnit }
        return chosen
    }

    /// Other programs whose topics can be published too.
    enum Compatibility: String, ExpressibleByArgument, CaseIterable {
        case weatherflow2mqtt
    }

    @Option(help: "Also publish the state topics, JSON keys and units of another program, so its dashboards keep working: weatherflow2mqtt (WeatherFlow2MQTT 3.2.2; units follow --units). See docs/weatherflow2mqtt-compat.md.")
    var compat: Compatibility?

    @Option(help: ArgumentHelp(
        "Remove an entity from Home Assistant: its discovery config becomes an empty retained message (its plain topic is still published). KEY is a field such as feels_like for every device, or SERIAL/FIELD (ST-00012345/feels_like) for one. Repeatable.",
        valueName: "key"))
    var disableEntity: [String] = []

    /// The WeatherFlow2MQTT compatibility settings, when chosen.
    var compatibility: WeatherFlow2MQTTCompatibility? {
        guard compat == .weatherflow2mqtt else { return nil }
        return WeatherFlow2MQTTCompatibility(unitSystem: units == .imperial ? .imperial : .metric)
    }

    @Option(help: .hidden)
    var mqttRestartDelay: Double = 30

    @Option(help: "The MQTT protocol version: 5 or 3.1.1.")
    var mqttProtocol: String = "5"

    @Option(help: "Quality of service for published messages: 0 or 1.")
    var mqttQos: Int32 = 1

    @Option(help: ArgumentHelp("The keepalive interval: 0 (none) or 5 to 65535 seconds.", valueName: "seconds"))
    var mqttKeepalive: Int32 = 60

    @Flag(help: "Ask the broker to keep this client's session (its subscriptions and the QoS 1 messages they receive) while the gateway is away: clean start off, with --mqtt-session-expiry on MQTT 5.")
    var mqttPersistentSession = false

    @Option(help: ArgumentHelp(
        "How long the broker keeps a persistent session after the connection ends, MQTT 5 only (4294967295: for ever).",
        valueName: "seconds"))
    var mqttSessionExpiry: UInt32 = 3600

    func validate() throws {
        guard mqttProtocol == "5" || mqttProtocol == "3.1.1" else {
            throw ValidationError("--mqtt-protocol must be 5 or 3.1.1, not \(mqttProtocol)")
        }
        guard mqttQos == 0 || mqttQos == 1 else { throw ValidationError("--mqtt-qos must be 0 or 1, not \(mqttQos)") }
        guard !mqttBase.isEmpty, !mqttBase.contains("#"), !mqttBase.contains("+"), !mqttBase.hasSuffix("/") else {
            throw ValidationError("--mqtt-base must be a topic prefix without wildcards or a trailing '/', not '\(mqttBase)'")
        }
        if !(0...3600).contains(rapidWindInterval) {
            throw ValidationError("--rapid-wind-interval must be 0 to 3600 seconds, not \(rapidWindInterval)")
        }
        let fields = HomeAssistantEntity.allFields
        for key in disableEntity {
            let field = key.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).last.map(String.init) ?? key
            guard fields.contains(field), !key.hasPrefix("/") else {
                throw ValidationError(
                    "--disable-entity: '\(key)' names no entity; use a field such as feels_like, or SERIAL/FIELD (fields: \(fields.sorted().joined(separator: ", ")))")
            }
        }
        guard mqttKeepalive == 0 || (5...65535).contains(mqttKeepalive) else {
            throw ValidationError("--mqtt-keepalive must be 0 or 5 to 65535 seconds, not \(mqttKeepalive)")
        }
        if let mqttPort, !(1...65535).contains(mqttPort) {
            throw ValidationError("--mqtt-port must be 1 to 65535, not \(mqttPort)")
        }
    }

    /// The client configuration, with the password loaded from its source.
    func configuration() throws -> MQTTConfiguration {
        var configuration = MQTTConfiguration(
            host: mqttHost, port: mqttPort ?? (mqttTls ? 8883 : 1883), clientID: mqttClientId ?? MQTTOptions.defaultClientID())
        configuration.protocolVersion = mqttProtocol == "3.1.1" ? .v311 : .v5
        configuration.keepAliveSeconds = mqttKeepalive
        configuration.persistentSession = mqttPersistentSession
        configuration.sessionExpirySeconds = mqttSessionExpiry
        configuration.username = mqttUser
        if let source = passwordSource() {
            do {
                configuration.password = try source.load()
            } catch {
                throw ValidationError("MQTT password: \(error)")
            }
        }
        if mqttTls || mqttCaFile != nil {
            configuration.tls = .init(caFile: mqttCaFile)
        }
        return configuration
    }

    private func passwordSource() -> SecretSource? {
        if let mqttPasswordFile { return .file(mqttPasswordFile) }
        if getenv("TEMPEST_MQTT_PASSWORD") != nil { return .environment("TEMPEST_MQTT_PASSWORD") }
        if let directory = getenv("CREDENTIALS_DIRECTORY"),
            access(String(cString: directory) + "/mqtt-password", R_OK) == 0
        {
            return .systemdCredential("mqtt-password")
        }
        return nil
    }

    static func defaultClientID() -> String {
        var name = [UInt8](repeating: 0, count: 256)
        gethostname(&name, name.count - 1)
        let host = String(decoding: name.prefix { $0 != 0 }, as: UTF8.self).filter { $0.isLetter || $0.isNumber || $0 == "-" }
        return "tempest-gateway-" + (host.isEmpty ? "host" : String(host.prefix(40)))
    }
}
