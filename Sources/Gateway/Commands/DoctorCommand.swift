import ArgumentParser
import Glibc
import MQTT
import Storage
import Synchronization
import TempestUDP

/// `tempest-gateway doctor`: checks what usually goes wrong, each with a
/// pass or fail and a hint for fixing it.
struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check the setup: broadcasts, port sharing, broker, database, clock and disk.",
        discussion: """
            Each check prints PASS, WARN or FAIL in words, then what to do about a problem. The exit status \\
            is 1 when any check fails. Broadcasts are awaited for --seconds (default 15; a hub sends every \\
            10 seconds). It works while the gateway runs: the UDP port is shared.

            Examples:
              tempest-gateway doctor
              tempest-gateway doctor --json --mqtt-host broker.lan --seconds 30
            """
    )

    @OptionGroup var databaseOptions: DatabaseOptions

    @Option(help: "The UDP port the hub broadcasts to.")
    var port: UInt16 = UDPListenerConfiguration.defaultPort

    @Option(help: "How long to wait for broadcasts, in seconds.")
    var seconds: Int = 15

    @OptionGroup var mqttOptions: MQTTOptions

    @Flag(help: "Print JSON.")
    var json = false

    /// One check's outcome.
    struct Check {
        enum Outcome: String { case pass = "PASS", warn = "WARN", fail = "FAIL" }
        var name: String
        var outcome: Outcome
        var detail: String
        var hint: String?
    }

    func validate() throws {
        guard (1...600).contains(seconds) else { throw ValidationError("--seconds must be 1 to 600, not \(seconds)") }
    }

    func run() async throws {
        var checks = [Check]()
        checks.append(contentsOf: broadcastChecks())
        if !mqttOptions.noMqtt { checks.append(brokerCheck()) }
        checks.append(databaseCheck())
        checks.append(clockCheck())
        checks.append(diskCheck())
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
                StandardOutput.line("\(check.outcome.rawValue): \(check.name): \(check.detail)")
                if let hint = check.hint, check.outcome != .pass { StandardOutput.line("  What to do: \(hint)") }
            }
        }
        if checks.contains(where: { $0.outcome == .fail }) { throw ExitCode(1) }
    }

    private func broadcastChecks() -> [Check] {
        let heard = Mutex<[String: Int]>([:])
        let listener: UDPListener
        do {
            listener = try UDPListener(configuration: .init(port: port))
            try listener.start { event in
                if case .message(let received) = event {
                    heard.withLock { $0[received.message.envelope.serialNumber.rawValue, default: 0] += 1 }
                }
            }
        } catch {
            return [
                Check(
                    name: "UDP port \(port) can be shared", outcome: .fail, detail: "\(error)",
                    hint: "another program holds port \(port) without SO_REUSEPORT; stop it, or run the gateway instead of it")
            ]
        }
        var checks = [Check(name: "UDP port \(port) can be shared", outcome: .pass, detail: "bound with SO_REUSEADDR and SO_REUSEPORT")]
        for _ in 0..<(seconds * 10) where heard.withLock({ $0.isEmpty }) { usleep(100_000) }
        if heard.withLock({ $0.isEmpty }) == false { usleep(500_000) }  // let the other devices speak too
        listener.stop()
        let statistics = listener.statistics
        let serials = heard.withLock { $0 }.keys.sorted()
        if serials.isEmpty {
            checks.append(
                Check(
                    name: "hub broadcasts arrive", outcome: .fail,
                    detail: "nothing arrived on UDP port \(port) in \(seconds) seconds (\(statistics.datagramsReceived) datagrams received)",
                    hint: "check that the hub is online and on this subnet and VLAN, that Docker uses host networking, that no firewall drops UDP \(port), and that Wi-Fi client isolation is off"))
        } else {
            checks.append(
                Check(
                    name: "hub broadcasts arrive", outcome: .pass,
                    detail: "heard " + serials.joined(separator: ", ") + " (\(statistics.decoded) messages, \(statistics.rejected) rejected)"))
        }
        return checks
    }

    private func brokerCheck() -> Check {
        let name = "MQTT broker \(mqttOptions.mqttHost) accepts the gateway"
        let configuration: MQTTConfiguration
        do {
            var chosen = try mqttOptions.configuration()
            chosen.clientID += "-doctor"
            chosen.persistentSession = false  // leave no session behind on the broker
            configuration = chosen
        } catch {
            return Check(name: name, outcome: .fail, detail: "\(error)", hint: "fix the MQTT password source")
        }
        let failure = Mutex<MQTTError?>(nil)
        do {
            let client = try MQTTClient(configuration: configuration) { event in
                if case .connectionFailed(let error) = event { failure.withLock { $0 = $0 ?? error } }
            }
            try client.start()
            let connected = client.waitUntilConnected(seconds: 5)
            client.stop()
            if connected {
                return Check(name: name, outcome: .pass, detail: "connected to \(configuration.host):\(configuration.port)")
            }
        } catch {
            failure.withLock { $0 = $0 ?? error }
        }
        let error = failure.withLock { $0 }
        let hint: String
        switch error?.kind {
        case .credentialsRejected, .notAuthorized: hint = "check --mqtt-user and the password file, and the broker's password file and ACL"
        case .tls: hint = "check --mqtt-ca-file and that the broker's certificate names this host"
        case .nameNotResolved: hint = "check the host name, or use the broker's IP address"
        default: hint = "check that the broker runs and listens on \(configuration.host):\(configuration.port) (sudo apt install mosquitto)"
        }
        return Check(
            name: name, outcome: .fail, detail: error?.description ?? "no answer within 5 seconds", hint: hint)
    }

    private func databaseCheck() -> Check {
        let path = databaseOptions.path
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

    private func diskCheck() -> Check {
        let path = databaseOptions.path
        var directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        if directory.isEmpty { directory = path.hasPrefix("/") ? "/" : "." }
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
