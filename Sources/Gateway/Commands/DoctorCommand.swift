// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import Configuration
import GatewayCore
import Glibc
import JSON
import MQTT
import Pipeline
import Storage
import TempestUDP

/// `tempest-gateway doctor`: checks what usually goes wrong, each with a
/// pass or fail and a hint for fixing it.
struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check the setup: broadcasts, port sharing, broker, database, clock and disk.",
        discussion: """
            Each check prints PASS, WARN or FAIL in words, then what to do about a problem. The exit status \
            is 1 when any check fails. Broadcasts are awaited for --seconds (default 15; a hub sends every \
            10 seconds). It works while the gateway runs: the UDP port is shared.

            Examples:
              tempest-gateway doctor
              tempest-gateway doctor --json --mqtt-host broker.lan --seconds 30
            """
    )

    @OptionGroup var databaseOptions: DatabaseOptions

    @OptionGroup var socketOptions: SocketOptions

    @Option(parsing: .unconditional, help: "The UDP port the hub broadcasts to.")
    var port: UInt16 = UDPListenerConfiguration.defaultPort

    @Option(parsing: .unconditional, help: "How long to wait for broadcasts, in seconds.")
    var seconds: Int = 15

    @OptionGroup var mqttOptions: MQTTOptions

    @OptionGroup var configOptions: ConfigFileOptions

    @Flag(help: "Print JSON.")
    var json = false

    typealias Check = GatewayCheck

    func validate() throws {
        guard (1...600).contains(seconds) else { throw ValidationError("--seconds must be 1 to 600, not \(seconds)") }
    }

    func run() async throws {
        var checks = [Check]()
        let probe = BroadcastProbe.listen(port: port, seconds: seconds)
        checks.append(contentsOf: probe.checks)
        let (loaded, problems) = try configOptions.loadChecked()
        let stationSerials = Set(loaded.configuration.stations.flatMap(\.serials))
        if !stationSerials.isEmpty, !probe.heard.isEmpty {
            let foreign = Set(probe.heard.keys).subtracting(stationSerials)
            checks.append(
                Check(
                    name: "broadcasts come from the configured station", outcome: foreign.isEmpty ? .pass : .warn,
                    detail: probe.serialMatch(stationSerials: stationSerials).joined(separator: " "),
                    hint: foreign.isEmpty ? nil : "if these are your devices too, nothing is wrong; otherwise run `tempest-gateway select` with the right station"))
        }
        checks.append(configurationCheck(loaded, problems: problems))
        let mqtt = mqttOptions.applied(to: loaded.configuration.mqtt)
        if mqtt.enabled { checks.append(brokerCheck(mqtt)) }
        let databasePath = databaseOptions.path(configuredIn: loaded.configuration)
        checks.append(databaseCheck(databasePath))
        checks.append(clockCheck())
        checks.append(diskCheck(databasePath))
        checks += exportChecks(loaded.configuration, databasePath: databasePath)
        checks += uploadChecks(loaded.configuration, databasePath: databasePath)
        if let quality = qualityCheck(databasePath: databasePath) { checks.append(quality) }
        if json {
            var writer = JSONWriter()
            writer.beginArray()
            for check in checks {
                writer.beginObject()
                writer.member("check", check.name)
                writer.member("result", check.outcome.rawValue.lowercased())
                writer.member("detail", check.detail)
                writer.member("hint", check.hint)
                writer.endObject()
            }
            writer.endArray()
            StandardOutput.line(writer.text)
        } else {
            for check in checks {
                for line in check.lines { StandardOutput.line(line) }
            }
        }
        if checks.contains(where: { $0.outcome == .fail }) { throw ExitCode(1) }
    }

    /// The configuration file and `TEMPEST_GATEWAY_*` variables have no
    /// problems (the other checks use the rest of it either way).
    private func configurationCheck(_ loaded: LoadedConfiguration, problems: [ConfigurationProblem]) -> Check {
        let name = "configuration " + (loaded.path ?? "defaults (no file at \(configOptions.path))")
        guard !problems.isEmpty else { return Check(name: name, outcome: .pass, detail: "no problems") }
        return Check(
            name: name, outcome: .fail, detail: problems.map(\.description).joined(separator: " | "),
            hint: "run `tempest-gateway config validate` and fix each line it names")
    }

    private func brokerCheck(_ mqtt: GatewayConfiguration.MQTT) -> Check {
        do {
            var configuration = try mqtt.clientConfiguration()
            configuration.clientID += "-doctor"
            configuration.persistentSession = false  // leave no session behind on the broker
            return BrokerProbe.check(configuration, host: mqtt.host)
        } catch {
            return Check(name: "MQTT broker \(mqtt.host) accepts the gateway", outcome: .fail, detail: "\(error)", hint: "fix the MQTT password source")
        }
    }

    private func databaseCheck(_ path: String) -> Check {
        guard FileStatus.exists(path) else {
            return Check(
                name: "database", outcome: .warn, detail: "no database at \(path) yet",
                hint: "run the gateway once, or pass --database with the gateway's path")
        }
        do {
            let problems = try Store(readOnlyPath: path).integrityCheck().filter { $0 != "ok" }
            if problems.isEmpty { return Check(name: "database", outcome: .pass, detail: "\(path) passes SQLite's integrity check") }
            return Check(
                name: "database", outcome: .fail, detail: "\(path): " + problems.prefix(3).joined(separator: "; "),
                hint: "stop the gateway, copy the file, and export what can be read with `tempest-gateway export`")
        } catch {
            return Check(name: "database", outcome: .fail, detail: "\(error)", hint: "check the file's permissions and disk")
        }
    }

    private func clockCheck() -> Check {
        let now = Int64(time(nil))
        // Before 2025 the clock was certainly never set (no NTP yet after boot).
        guard now >= 1_735_689_600 else {
            return Check(
                name: "system clock", outcome: .fail, detail: "the clock reads \(UTCTime.readable(.init(secondsSince1970: now)))",
                hint: "enable time synchronisation: sudo timedatectl set-ntp true")
        }
        return Check(name: "system clock", outcome: .pass, detail: "\(UTCTime.readable(.init(secondsSince1970: now)))")
    }

    private func diskCheck(_ path: String) -> Check {
        // The running gateway knows best whether its writes fail for space.
        if case .report(let answer) = StatusAnswer.fetch(
            socketPath: socketOptions.path(database: path, databaseIsExplicit: databaseOptions.database != nil), format: "json"),
            let database = (try? JSONValue.parse(answer))?["database"], database["disk_full"]?.boolValue == true
        {
            return Check(
                name: "disk space", outcome: .fail,
                detail: "the running gateway cannot write: \(database["disk_problem"]?.stringValue ?? "disk full")",
                hint: "free space there, or run `tempest-gateway db prune`; until then records are held in memory")
        }
        let directory = FileStatus.directory(of: path)
        var status = statvfs()
        guard statvfs(directory, &status) == 0 else {
            return Check(name: "disk space", outcome: .warn, detail: "cannot read the free space of \(directory)", hint: nil)
        }
        let freeBytes = Int64(status.f_bavail) * Int64(status.f_frsize)
        let detail = "\(ByteCount.text(freeBytes)) free in \(directory)"
        if freeBytes < 50 << 20 {
            return Check(name: "disk space", outcome: .fail, detail: detail, hint: "free space, or run `tempest-gateway db prune`")
        }
        if freeBytes < 500 << 20 {
            return Check(name: "disk space", outcome: .warn, detail: detail, hint: "a year of one station takes about 45 megabytes")
        }
        return Check(name: "disk space", outcome: .pass, detail: detail)
    }
}
