// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import GatewayCore
import Pipeline
import TempestUDP

/// `tempest-gateway listen`: show live decoded broadcasts.
struct ListenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listen",
        abstract: "Show the hub's broadcasts as they arrive.",
        discussion: """
            Prints each decoded message as a sentence with its units spelled out, or as a JSON line with \
            --json (the same objects as `decode`, plus "source_address", "received_at" and "late" when \
            it applies). Sentences are in --units (default: the configured mqtt.units); JSON lines stay in the \
            protocol's metric units. The port is shared with other listeners (Home Assistant, WeeWX) on the same host.

            If nothing arrives within 15 seconds, the usual causes are listed on standard error.

            Examples:
              tempest-gateway listen
              tempest-gateway listen --units imperial
              tempest-gateway listen --json --seconds 60 > sample.jsonl
            """
    )

    @Option(parsing: .unconditional, help: "The UDP port to listen on.")
    var port: UInt16 = UDPListenerConfiguration.defaultPort

    @Option(help: "The IPv4 address to bind; 0.0.0.0 hears every interface.")
    var address: String = "0.0.0.0"

    @Flag(help: "Print JSON lines instead of sentences.")
    var json = false

    @Option(parsing: .unconditional, help: "Stop after this many seconds (default: run until interrupted).")
    var seconds: Int?

    @Flag(help: "Also report rejected and unknown datagrams on standard error.")
    var showRejected = false

    @OptionGroup var unitOptions: UnitOptions

    func validate() throws {
        if let seconds, seconds < 1 {
            throw ValidationError("--seconds must be at least 1, not \(seconds)")
        }
    }

    func run() async throws {
        ShutdownSignal.install()
        let configuration = UDPListenerConfiguration(bindAddress: address, port: port)
        let units = json ? PublishedUnits.metric : unitOptions.chosen(try unitOptions.settings())
        let printer = LiveMessagePrinter(json: json, showRejected: showRejected, style: .standardOutput, units: units)
        let statistics = try await ListeningSession(
            configuration: configuration, durationSeconds: seconds, operatorLog: .standardError, handler: printer.handle
        ).run()
        StandardOutput.errorLine(ListenCommand.summary(statistics))
    }

    static func summary(_ statistics: ListenerStatistics) -> String {
        var parts = [
            "received \(statistics.datagramsReceived)",
            "decoded \(statistics.decoded)",
            "rejected \(statistics.rejected)",
            "duplicates \(statistics.duplicates)",
            "late \(statistics.late)",
            "unknown type \(statistics.unknownType)",
        ]
        if statistics.notAllowed > 0 { parts.append("not allowed \(statistics.notAllowed)") }
        if statistics.kernelDrops > 0 { parts.append("dropped by the kernel \(statistics.kernelDrops)") }
        if statistics.futureTimestamps > 0 { parts.append("future timestamp (quarantined) \(statistics.futureTimestamps)") }
        if statistics.unknownDevices > 0 { parts.append("unknown device \(statistics.unknownDevices)") }
        let reasons = statistics.rejectedByCategory.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        let reasonText = reasons.isEmpty ? "" : "; rejections by reason: " + reasons.joined(separator: ", ")
        return "Datagrams: " + parts.joined(separator: ", ") + reasonText + "."
    }
}
