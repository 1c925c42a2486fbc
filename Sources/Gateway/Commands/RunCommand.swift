import ArgumentParser
import TempestUDP

/// `tempest-gateway run`: the gateway itself.
///
/// For now it listens and prints decoded datagrams; storage, MQTT, the cloud
/// fallback and forecasts join as their modules land (see the README).
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the gateway.",
        discussion: """
            With no options, listens on UDP port 50222 on every interface and prints each decoded message. \
            Storage, MQTT publishing, the cloud fallback and forecasts are not wired in yet.
            """
    )

    @Option(help: "The UDP port to listen on.")
    var udpPort: UInt16 = UDPListenerConfiguration.defaultPort

    @Option(help: "The IPv4 address to bind.")
    var udpAddress: String = "0.0.0.0"

    @Flag(help: "Print JSON lines instead of sentences.")
    var json = false

    func run() throws {
        let configuration = UDPListenerConfiguration(bindAddress: udpAddress, port: udpPort)
        let printer = LiveMessagePrinter(json: json, showRejected: true, style: .standardOutput)
        _ = try ListeningSession(configuration: configuration, printer: printer, durationSeconds: nil).run()
    }
}
