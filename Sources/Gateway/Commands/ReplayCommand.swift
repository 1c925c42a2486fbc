// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import GatewayCore
import JSON
import Pipeline
import SystemSupport
import TempestUDP

/// `tempest-gateway replay`: send recorded datagrams, paced by their timestamps.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Send recorded datagrams to a gateway, paced by their timestamps.",
        discussion: """
            Reads one datagram per line (the same format as `decode`: a line starting with HEX: holds raw \
            bytes) and sends each as a UDP datagram. Pacing follows the timestamps inside the datagrams: \
            --speed 60 plays an hour in a minute; --speed 0 sends as fast as possible. Lines that do not \
            decode are sent too, at once, so hostile input can be replayed as well.

            Datagrams go to 127.0.0.1:50222 unless --to says otherwise. The repository's \
            Samples/sample-day.jsonl is a simulated day (a shower and a thunderstorm) to try it with.

            Examples:
              tempest-gateway replay Samples/sample-day.jsonl --speed 600
              tempest-gateway replay capture.jsonl --speed 0 --to 127.0.0.1:50223
            """
    )

    @Argument(help: "The file to replay, or - for standard input.")
    var file: String

    @Option(parsing: .unconditional, help: "How many times faster than real time; 0 sends as fast as possible.")
    var speed: Double = 1

    @Option(help: "Where to send, as IPv4-ADDRESS:PORT.")
    var to: String = "127.0.0.1:50222"

    func validate() throws {
        guard speed >= 0, speed.isFinite else { throw ValidationError("--speed must be 0 or more, not \(speed)") }
        _ = try destination()
    }

    func destination() throws -> (address: String, port: UInt16) {
        let parts = to.split(separator: ":")
        guard parts.count == 2, let port = UInt16(parts[1]), port > 0 else {
            throw ValidationError("--to must look like 127.0.0.1:50222, not '\(to)'")
        }
        return (String(parts[0]), port)
    }

    func run() throws {
        let (address, port) = try destination()
        let sender: DatagramSender
        let reader: LineReader
        do {
            sender = try DatagramSender(address: address, port: port)
            reader = try LineReader(path: file)
        } catch {
            throw ValidationError("\(error)")
        }
        let decoder = DatagramDecoder()
        let start = MonotonicClock.seconds()
        var firstTimestamp: Int64?
        var sent = 0
        var refused = 0
        while let line = reader.nextLine() {
            guard let datagram = try? FixtureLine.datagram(from: line) else { continue }
            if speed > 0, case .decoded(let message, _) = decoder.decode(datagram) {
                let timestamp = message.timestamp.secondsSince1970
                let first = firstTimestamp ?? timestamp
                firstTimestamp = first
                let due = start + Double(timestamp - first) / speed
                MonotonicClock.sleep(seconds: due - MonotonicClock.seconds())
            }
            if sender.send(datagram) { sent += 1 } else { refused += 1 }
        }
        let elapsed = MonotonicClock.seconds() - start
        var summary = "Sent \(Plural.count(sent, "datagram")) to \(address):\(port) in \(JSONWriter.format((elapsed * 10).rounded() / 10)) seconds"
        if refused > 0 { summary += "; the kernel refused \(refused)" }
        StandardOutput.errorLine(summary + ".")
    }
}
