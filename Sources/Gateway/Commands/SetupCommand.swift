// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import Configuration
import GatewayCore
import Glibc
import MQTT
import Pipeline
import SystemSupport
import TempestCloud
import TempestUDP

/// `tempest-gateway setup`: the wizard that sets the gateway up.
struct SetupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "setup",
        abstract: "Set the gateway up: token, station, broadcasts, broker, weather networks, configuration file.",
        discussion: """
            Six steps, each said in plain words: 1. your WeatherFlow personal access token (typed without \
            echo and asked again when WeatherFlow rejects it, up to 3 times; or from --token-file), 2. your stations, of which you choose one or more, 3. up to --udp-seconds \
            of listening for the hub's broadcasts, to confirm they arrive and that their serials belong to \
            the station, then where live data comes from (--mode: udp, udp+websocket or websocket; a mode \
            using the WeatherFlow WebSocket is checked to answer), 4. the MQTT broker, whose connection and credentials are tested, 5. the \
            weather networks the readings are shared with, if any (Weather Underground, PWSweather, Windy, Weathercloud, \
            OpenWeatherMap, Met Office WOW, CWOP): each one's station id and key, 6. the \
            configuration file, with the web page if you want one (its port, address and password), shown \
            (secrets masked) and written after you agree.

            A typed token is saved next to the configuration file as weatherflow-token, and a typed broker \
            password as mqtt-password (a web page password as web-password, a weather network's key as \
            upload-SERVICE-key), all readable only by their owner (mode 600). The configuration \
            names these files; it never holds a secret itself.

            Without a terminal, or with --yes, it asks nothing: give --token-file, and --station when the \
            account has several stations (repeat --station to configure several: the first replaces the \
            file's first station, the others are added as [[station]] tables; `select --add` adds one later). \
            --upload SERVICE:ID adds a weather network (repeat it for several; SERVICE:ID:STATION for a station \
            given to --station other than the first), with its key in --upload-key-file SERVICE:PATH, or else \
            read when the gateway runs from $TEMPEST_UPLOAD_<SERVICE>_KEY or the systemd credential upload-<service>.

            Examples:
              sudo tempest-gateway setup
              tempest-gateway setup --config ./config.toml --token-file ./token --station 98765 \
                --mqtt-host broker.lan --mqtt-port 1883 --yes
              tempest-gateway setup --token-file ./token --upload cwop:CW1234 --yes
            """
    )

    @OptionGroup var configOptions: ConfigFileOptions

    @Option(help: "A file holding the WeatherFlow personal access token (mode 600); without it, the token is asked for.")
    var tokenFile: String?

    @Option(
        parsing: .unconditionalSingleValue,
        help: "The WeatherFlow station id to use; repeat it for several stations; without it, you choose from the list.")
    var station: [Int] = []

    @Option(help: "The MQTT broker's host name or address.")
    var mqttHost: String?

    @Option(parsing: .unconditional, help: "The MQTT broker's port.")
    var mqttPort: Int?

    @Option(help: "The user name for the broker (its password is asked for, or read from --mqtt-password-file).")
    var mqttUser: String?

    @Option(help: "A file holding the broker password (mode 600).")
    var mqttPasswordFile: String?

    @Option(parsing: .unconditional, help: "Serve the web page at this port (asked on a terminal; off unless given).")
    var webPort: Int?

    @Option(help: "The IPv4 address the web page listens on (127.0.0.1: this computer only; 0.0.0.0: the whole network).")
    var webAddress: String?

    @Option(help: "A file holding the web page's password (mode 600); on a terminal it is asked for instead.")
    var webPasswordFile: String?

    @Option(parsing: .unconditional, help: "How long to listen for the hub's broadcasts, in seconds (0 skips the check).")
    var udpSeconds: Int = 30

    @Option(parsing: .unconditional, help: "The UDP port the hub broadcasts to.")
    var udpPort: UInt16 = UDPListenerConfiguration.defaultPort

    @Option(help: "The WeatherFlow REST API's base URL, for tests or a proxy.")
    var weatherflowApi: String?

    @Option(
        parsing: .unconditional,
        help: "Where live data comes from: udp (the hub's broadcasts), udp+websocket (the WeatherFlow WebSocket stands in when they stop), websocket (no UDP); asked on a terminal, else the configuration's current mode.")
    var mode: String?

    @Option(name: .customLong("websocket-url"), help: .hidden)
    var webSocketUrl: String?

    @Option(
        help: ArgumentHelp(
            "Share the readings with a weather network: SERVICE:ID (wunderground, pwsweather, windy, weathercloud, openweathermap, wow or cwop, then the network's station id), SERVICE:ID:STATION for a station given to --station other than the first; repeat it for several; asked on a terminal otherwise.",
            valueName: "service:id"))
    var upload: [String] = []

    @Option(help: ArgumentHelp("A file holding that --upload network's key or password (mode 600), as SERVICE:PATH.", valueName: "service:path"))
    var uploadKeyFile: [String] = []

    @Flag(help: "Ask nothing: take the options as they are and write the configuration.")
    var yes = false

    func validate() throws {
        guard (0...600).contains(udpSeconds) else { throw ValidationError("--udp-seconds must be 0 to 600, not \(udpSeconds)") }
        if let mqttPort, !(1...65_535).contains(mqttPort) { throw ValidationError("--mqtt-port must be 1 to 65535, not \(mqttPort)") }
        if let webPort, !(1...65_535).contains(webPort) { throw ValidationError("--web-port must be 1 to 65535, not \(webPort)") }
        try ConfigurationSchema.checkOption("web-address", sets: "web.address", webAddress)
        try ConfigurationSchema.checkOption("mode", sets: "weatherflow.mode", mode)
        try ConfigurationSchema.checkOption("websocket-url", sets: "weatherflow.websocket_url", webSocketUrl)
        for text in upload { _ = try Self.parsedUpload(text) }
        for text in uploadKeyFile { _ = try Self.parsedUploadKeyFile(text) }
    }

    func run() async throws {
        let interactive = !yes && isatty(STDIN_FILENO) == 1
        let input = TerminalInput()
        let path = configOptions.path
        let directory = FileStatus.directory(of: path)
        let existingText = try ConfigurationFile.read(path)
        let current = ConfigurationLoader.resolve(fileText: existingText, path: path, environment: [:]).configuration

        // 1. The token, checked by listing the account's stations.
        StandardOutput.line("Step 1 of 6: your WeatherFlow personal access token.")
        var settings: [(key: String, value: String)] = []
        let api = weatherflowApi ?? current.weatherFlow.api
        let accepted = try await acceptedToken(api: api, interactive: interactive, input: input)
        let token = accepted.token
        let typedToken = accepted.typed
        settings.append(("weatherflow.token_file", tokenFile.map(Self.absolute) ?? directory + "/weatherflow-token"))
        if api != WeatherFlowClient.defaultBaseURL { settings.append(("weatherflow.api", api)) }

        // 2. The station.
        StandardOutput.line("")
        StandardOutput.line("Step 2 of 6: your stations.")
        let stations = accepted.stations
        guard !stations.isEmpty else { throw SetupError("this token's account has no stations; add one in the Tempest app first") }
        for (index, station) in stations.enumerated() {
            for line in StationFormat.lines(station, number: index + 1) { StandardOutput.line(line) }
        }
        let chosen = try choose(from: stations, interactive: interactive, input: input)
        for station in chosen { StandardOutput.line("Chosen: station \(station.id), \(station.name ?? "unnamed").") }

        // 3. The broadcasts.
        StandardOutput.line("")
        var heardOwnBroadcasts: Bool?
        if udpSeconds > 0 {
            StandardOutput.line("Step 3 of 6: listening for the hub's broadcasts on UDP port \(udpPort) for up to \(Plural.count(udpSeconds, "second")).")
            let probe = BroadcastProbe.listen(port: udpPort, seconds: udpSeconds)
            for check in probe.checks { for line in check.lines { StandardOutput.line(line) } }
            let serials = Set(chosen.flatMap(\.devices).compactMap { $0.serialNumber?.rawValue })
            for line in probe.serialMatch(stationSerials: serials) { StandardOutput.line(line) }
            heardOwnBroadcasts = !serials.isDisjoint(with: probe.heard.keys)
        } else {
            StandardOutput.line("Step 3 of 6: skipped (--udp-seconds 0); `tempest-gateway doctor` checks the broadcasts later.")
        }
        settings += try liveSourceChoice(
            current: current.weatherFlow, heardOwnBroadcasts: heardOwnBroadcasts, token: token, interactive: interactive, input: input)

        // 4. The broker.
        StandardOutput.line("")
        StandardOutput.line("Step 4 of 6: the MQTT broker.")
        var mqtt = current.mqtt
        var typedPassword: String?
        if let mqttHost { mqtt.host = mqttHost } else if interactive, let host = input.ask("Broker host name or address", default: mqtt.host) {
            mqtt.host = host
        }
        if let mqttPort { mqtt.port = mqttPort } else if interactive, let text = input.ask("Broker port", default: String(mqtt.effectivePort)) {
            guard let port = Int(text), (1...65_535).contains(port) else { throw SetupError("the port must be a number from 1 to 65535, not \(text)") }
            mqtt.port = port
        }
        if let mqttUser { mqtt.user = mqttUser } else if interactive, let user = input.ask("Broker user name, empty for none", default: mqtt.user ?? "") {
            mqtt.user = user.isEmpty ? nil : user
        }
        if let mqttPasswordFile {
            mqtt.passwordFile = Self.absolute(mqttPasswordFile)
        } else if interactive, mqtt.user != nil, mqtt.passwordFile == nil {
            typedPassword = input.askSecret("Broker password for \(mqtt.user ?? "")")
            mqtt.passwordFile = directory + "/mqtt-password"
        }
        settings.append(("mqtt.host", mqtt.host))
        settings.append(("mqtt.port", String(mqtt.effectivePort)))
        if let user = mqtt.user { settings.append(("mqtt.user", user)) }
        if let file = mqtt.passwordFile { settings.append(("mqtt.password_file", file)) }
        let brokerCheck = probeBroker(mqtt, typedPassword: typedPassword)
        for line in brokerCheck.lines { StandardOutput.line(line) }
        if brokerCheck.outcome == .fail, interactive,
            !input.confirm("The broker did not accept the gateway. Save these settings anyway?", default: false)
        {
            throw SetupError("nothing was written; run setup again when the broker is ready")
        }

        // 5. The weather networks.
        StandardOutput.line("")
        let uploads = try uploadChoices(current: current, chosen: chosen, directory: directory, interactive: interactive, input: input)

        // 6. The configuration.
        StandardOutput.line("")
        StandardOutput.line("Step 6 of 6: the configuration file \(path).")
        let web = try webPageChoice(current: current.web, directory: directory, interactive: interactive, input: input)
        settings += web.settings
        var text = existingText ?? ""
        var stationSettings: [(key: String, value: String)] = []
        var positions: [Int] = []
        for (index, station) in chosen.enumerated() {
            do {
                let placed = try StationPlacement.written(station, into: text, add: index > 0)
                text = placed.text
                stationSettings += placed.settings
                positions.append(placed.position)
            } catch {
                throw SetupError("station \(station.id): \(error)")
            }
        }
        settings = stationSettings + settings
        for setting in settings where !setting.key.hasPrefix("station") {
            do {
                text = try ConfigurationEditor.setting(setting.key, to: setting.value, in: text)
            } catch {
                throw SetupError("\(setting.key): \(error)")
            }
        }
        let uploadSettings = try Self.appending(uploads, positions: positions, to: &text, existing: current.uploads.count)
        for setting in settings + uploadSettings { StandardOutput.line("  \(setting.key) = \(setting.value)") }
        if typedToken != nil { StandardOutput.line("  (the token goes to \(directory)/weatherflow-token, mode 600)") }
        if typedPassword != nil { StandardOutput.line("  (the broker password goes to \(directory)/mqtt-password, mode 600)") }
        if web.typedPassword != nil { StandardOutput.line("  (the web page password goes to \(directory)/web-password, mode 600)") }
        for choice in uploads where choice.typedKey != nil {
            StandardOutput.line("  (the \(choice.service.displayName) key goes to \(choice.keyFile ?? ""), mode 600)")
        }
        if interactive, !input.confirm("Write this configuration?", default: true) {
            StandardOutput.line("Nothing was written.")
            return
        }
        do {
            try Self.makeDirectories(directory)
            if let typedToken { try SecretFile.write(typedToken, to: directory + "/weatherflow-token") }
            if let typedPassword { try SecretFile.write(typedPassword, to: directory + "/mqtt-password") }
            if let webPassword = web.typedPassword { try SecretFile.write(webPassword, to: directory + "/web-password") }
            for choice in uploads {
                if let key = choice.typedKey, let file = choice.keyFile { try SecretFile.write(key, to: file) }
            }
            try ConfigurationFile.write(text, to: path)
        } catch let error as SetupError {
            throw error
        } catch {
            throw SetupError("\(error)")
        }
        StandardOutput.line("Written to \(path). Start the gateway with `tempest-gateway run --config \(path)`, or under systemd with `sudo systemctl restart tempest-gateway`.")
    }

    /// The stations named by `--station`, the only one, or the ones the user picks.
    private func choose(from stations: [Station], interactive: Bool, input: TerminalInput) throws -> [Station] {
        if !station.isEmpty {
            return try station.map { id in
                guard let found = stations.first(where: { $0.id == id }) else {
                    throw SetupError("station \(id) is not in this account; its stations are " + stations.map { String($0.id) }.joined(separator: ", "))
                }
                return found
            }
        }
        if stations.count == 1 { return stations }
        guard interactive else { throw SetupError("this account has \(stations.count) stations; choose one with --station ID (repeat the option for several)") }
        for _ in 0..<5 {
            guard
                let answer = input.ask(
                    "Which stations? Type a number, 1 to \(stations.count), or a station id; several separated by commas", default: "1")
            else { break }
            let picked = answer.split(separator: ",").map { $0.trimmingWhitespace() }.map { word -> Station? in
                if let number = Int(word), (1...stations.count).contains(number) { return stations[number - 1] }
                return Int(word).flatMap { id in stations.first { $0.id == id } }
            }
            if !picked.isEmpty, picked.allSatisfy({ $0 != nil }) {
                var unique: [Station] = []
                for station in picked.compactMap({ $0 }) where !unique.contains(where: { $0.id == station.id }) { unique.append(station) }
                return unique
            }
            StandardOutput.line("\(answer) is not a list of numbers from the list or station ids.")
        }
        throw SetupError("no station was chosen")
    }

    /// Tests the broker with the settings chosen (a typed password is used
    /// from memory: it is written only when the configuration is).
    private func probeBroker(_ mqtt: GatewayConfiguration.MQTT, typedPassword: String?) -> GatewayCheck {
        var withoutFile = mqtt
        if typedPassword != nil { withoutFile.passwordFile = nil }
        do {
            var configuration = try withoutFile.clientConfiguration()
            if let typedPassword { configuration.password = Secret(typedPassword) }
            configuration.clientID += "-setup"
            configuration.persistentSession = false  // leave no session behind on the broker
            return BrokerProbe.check(configuration, host: mqtt.host)
        } catch {
            return GatewayCheck(name: "MQTT broker \(mqtt.host) accepts the gateway", outcome: .fail, detail: "\(error)", hint: "check the password file")
        }
    }

    /// Creates `directory` and its parents (mode 755) when missing, as for
    /// /etc/tempest-gateway on a system without the package.
    static func makeDirectories(_ directory: String) throws {
        var built = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            built += "/" + component
            if mkdir(built, 0o755) != 0 && errno != EEXIST {
                throw SetupError("cannot create the directory \(built): \(SystemError.current.message)")
            }
        }
    }

    /// `path` made absolute against the working directory, so that the
    /// configuration means the same file whoever reads it from wherever.
    static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        guard let directory = getcwd(nil, 0) else { return path }
        defer { free(directory) }
        return String(cString: directory) + "/" + path
    }
}
