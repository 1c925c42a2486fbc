// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import Configuration
import Pipeline
import SystemSupport
import TempestUDP

/// `tempest-gateway relay`: forward the hub's broadcasts to other subnets,
/// and nothing else.
///
/// The same listener as `run` (decoder, device admission, future-timestamp
/// rule, duplicate filter), with relay targets and a handler that does
/// nothing: no database, no MQTT, no forecasts, no status socket. Those
/// parts are linked into the binary but never started, which keeps the
/// process within 2 MB Private_Dirty (docs/performance.md).
struct RelayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "relay",
        abstract: "Forward the hub's broadcasts to other subnets, and nothing else.",
        discussion: """
            Listens for the hub's broadcasts as `run` does and forwards every datagram `run` would admit \
            (decoded, from the station's devices, not dated too far ahead, not a repeat) byte for byte to \
            each --to ADDRESS:PORT, so that Home Assistant's own WeatherFlow integration, WeeWX or a gateway \
            on another subnet or VLAN hear the hub as if they were beside it. Broadcasts do not cross \
            routers; run this on a small machine on the hub's VLAN. No database, no MQTT, no forecasts.

            Without --to, the targets are udp.relay from the configuration file (--config, else \
            /etc/tempest-gateway/config.toml when it exists), which also gives udp.address, udp.port, \
            udp.future_tolerance_seconds and the station's devices (station.serials, else the first \
            station.max_devices heard). Addresses are numeric IPv4; host names are not resolved.

            A target that cannot take a datagram (a full buffer, no route) loses that datagram and the \
            failure is counted; the listener never waits for it. SIGINT (Control-C) and SIGTERM stop it with \
            a one-line summary. The Debian package ships the unit tempest-gateway-relay.service, off until \
            `systemctl enable --now tempest-gateway-relay`; see docs/relay.md.

            Examples:
              tempest-gateway relay --to 192.168.20.5:50222
              tempest-gateway relay --to 192.168.20.5:50222 --to 192.168.30.9:50222
              tempest-gateway relay --config ./config.toml
              tempest-gateway relay --udp-address 192.168.10.2 --to 192.168.20.5:50222

            \(ExitStatus.helpText)
            """
    )

    @OptionGroup var configOptions: ConfigFileOptions

    @Option(
        name: .customLong("to"),
        help: ArgumentHelp(
            "Where to forward, as IPv4-ADDRESS:PORT; repeat it for more targets (default: udp.relay).",
            valueName: "address:port"))
    var targets: [String] = []

    @Option(parsing: .unconditional, help: "The UDP port to listen on (default: 50222).")
    var udpPort: UInt16?

    @Option(help: "The IPv4 address to bind (default: 0.0.0.0).")
    var udpAddress: String?

    /// For tests: stop after this many seconds.
    @Option(parsing: .unconditional, help: .hidden)
    var seconds: Int?

    /// Refused serials remembered: only counted, as nothing shows them
    /// (there is no status socket), so a small table.
    static let refusedCapacity = 32

    /// Every option that sets a configuration key is held to that key's rule.
    func validate() throws {
        try ConfigurationSchema.checkOption("udp-port", sets: "udp.port", udpPort)
        try ConfigurationSchema.checkOption("udp-address", sets: "udp.address", udpAddress)
        if !targets.isEmpty {
            try ConfigurationSchema.checkOption("to", sets: "udp.relay", TOMLValue.array(targets.map { .string($0) }))
        }
    }

    func run() async throws {
        ShutdownSignal.install()
        let (settings, path) = try loadSettings()
        let udp = settings.udp
        // Checked in `validate` and on loading: every target parses.
        let relayTargets = targets.isEmpty ? udp.relay : targets.compactMap { try? IPv4Endpoint(parsing: $0) }
        guard !relayTargets.isEmpty else {
            let key = ConfigurationSchema.key("udp.relay")
            throw ExitStatus.configurationProblem(
                ConfigurationError.invalid(
                    path: path,
                    problems: [
                        ConfigurationProblem(
                            key: "udp.relay", problem: "nowhere to relay to: the list is empty and no --to was given",
                            allowed: key?.rule.allowed)
                    ]))
        }
        let configuration = UDPListenerConfiguration(
            bindAddress: udpAddress ?? udp.address, port: udpPort ?? UInt16(udp.port),
            futureToleranceSeconds: Int64(udp.futureToleranceSeconds), relayTargets: relayTargets)
        let admission = DeviceAdmission(
            configured: Set(settings.stations.flatMap(\.serials)), limit: settings.station.maxDevices,
            refusedCapacity: RelayCommand.refusedCapacity)
        let listener = try UDPListener(configuration: configuration, admission: admission)
        let targetList = relayTargets.map(\.description).joined(separator: ", ")
        var session = ListeningSession(
            configuration: configuration, durationSeconds: seconds, operatorLog: .standardError, listener: listener,
            handler: { _ in })
        session.notifier = SystemdNotifier()
        session.readyStatus = "relaying UDP \(configuration.bindAddress):\(configuration.port) to \(targetList)"
        session.listeningLine = { port in
            "Relaying the hub's broadcasts heard on UDP \(configuration.bindAddress):\(port) to \(targetList)."
        }
        let statistics = try await session.run()
        StandardOutput.errorLine(RelayCommand.summary(statistics))
    }

    /// What the relay reads from the configuration: `[udp]` and the
    /// station's devices. The file's own rules are applied (a problem
    /// anywhere in it stops the relay, as it would stop `run`); the checks
    /// only the full gateway needs (time zones, forecast variables) are not.
    private func loadSettings() throws -> (settings: GatewayConfiguration, path: String?) {
        let loaded: LoadedConfiguration
        do {
            loaded = try configOptions.load()
        } catch {
            throw ExitStatus.configurationProblem(error)
        }
        guard loaded.problems.isEmpty else {
            throw ExitStatus.configurationProblem(ConfigurationError.invalid(path: loaded.path, problems: loaded.problems))
        }
        return (loaded.configuration, loaded.path)
    }

    /// The line said at the end: the datagrams relayed, each target's
    /// failed sends when there were any, then what was heard and dropped
    /// as `listen` says it.
    static func summary(_ statistics: ListenerStatistics) -> String {
        let failures = statistics.relayTargets.filter { $0.failures > 0 }.map { "\($0.failures) to \($0.target)" }
        let failureText = failures.isEmpty ? "" : " (failed sends: " + failures.joined(separator: ", ") + ")"
        return "Relayed \(Plural.count(statistics.relayed, "datagram"))\(failureText). " + ListenCommand.summary(statistics)
    }
}
