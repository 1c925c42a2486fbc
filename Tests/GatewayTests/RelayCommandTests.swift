// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Testing
import TempestTestKit

/// `tempest-gateway relay` on the built binary: the relay-only process.
@Suite("relay command")
struct RelayCommandTests {
    /// A configuration file in `directory` holding `text` (an empty one
    /// keeps a machine's /etc/tempest-gateway/config.toml out of the test).
    private func configFile(_ directory: TemporaryDirectory, _ text: String = "") throws -> String {
        let path = directory.file("config.toml")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("two --to targets each get exactly the admitted datagrams, byte for byte and in order; SIGTERM ends it with a summary")
    func twoTargets() throws {
        let directory = try TemporaryDirectory()
        let first = try UDPReceiver()
        let second = try UDPReceiver()
        let udpPort = try FreePort.udp()
        let relay = try ChildProcess(
            executable: Gateway.path,
            arguments: [
                "relay", "--config", try configFile(directory), "--udp-address", "127.0.0.1", "--udp-port", String(udpPort),
                "--to", first.target, "--to", second.target,
            ])
        try relay.start()
        defer {
            relay.send(signal: SIGKILL)
            _ = try? relay.wait(timeoutSeconds: 5)
        }
        let startLine = "Relaying the hub's broadcasts heard on UDP 127.0.0.1:\(udpPort) to \(first.target), \(second.target)."
        #expect(relay.waitFor(timeoutSeconds: 20) { $0.standardErrorSoFar.contains(startLine) }, "\(relay.standardErrorSoFar)")
        let traffic = try RelayTraffic()
        try traffic.send(to: udpPort)
        for receiver in [first, second] {
            let received = receiver.receive(count: traffic.expected.count, timeoutSeconds: 20)
            #expect(received == traffic.expected, "\(RelayTraffic.text(received))")
        }
        relay.send(signal: SIGTERM)
        let result = try relay.wait(timeoutSeconds: 20)
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(lines.first == startLine)
        #expect(lines.contains("Stopping: received terminate (SIGTERM)."))
        let received = traffic.valid.count + 1 + 1 + 51 + 1
        #expect(
            lines.last?.hasPrefix(
                "Relayed \(traffic.expected.count) datagrams. Datagrams: received \(received), decoded \(traffic.expected.count + 2), "
                    + "rejected 48, duplicates 1, late ") == true,
            "\(result.standardError)")
        // Late: the fixture's observations are not in time order.
        #expect(lines.last?.contains(", unknown type 2, future timestamp (quarantined) 1; rejections by reason: ") == true)
    }

    @Test("without --to the targets come from udp.relay; with neither it stops, naming the key")
    func targetsFromTheConfiguration() throws {
        let directory = try TemporaryDirectory()
        let receiver = try UDPReceiver()
        let udpPort = try FreePort.udp()
        let configured = try configFile(directory, "[udp]\naddress = \"127.0.0.1\"\nport = \(udpPort)\nrelay = [\"\(receiver.target)\"]\n")
        let relay = try ChildProcess(executable: Gateway.path, arguments: ["relay", "--config", configured, "--seconds", "20"])
        try relay.start()
        defer {
            relay.send(signal: SIGKILL)
            _ = try? relay.wait(timeoutSeconds: 5)
        }
        #expect(
            relay.waitFor(timeoutSeconds: 20) {
                $0.standardErrorSoFar.contains("heard on UDP 127.0.0.1:\(udpPort) to \(receiver.target).")
            }, "\(relay.standardErrorSoFar)")
        let traffic = try RelayTraffic()
        try UDPSender(port: udpPort).send(traffic.marker)
        #expect(receiver.receive(count: 1, timeoutSeconds: 20) == [traffic.marker])
        relay.send(signal: SIGINT)
        let stopped = try relay.wait(timeoutSeconds: 20)
        #expect(stopped.status == 0)
        #expect(stopped.standardError.contains("Stopping: received interrupt (SIGINT)."))

        let empty = try configFile(directory)
        let none = try Gateway.run(["relay", "--config", empty])
        #expect(none.status == 78)
        #expect(none.standardError.contains("udp.relay: nowhere to relay to: the list is empty and no --to was given"), "\(none.standardError)")
    }

    @Test("a bad target, on the command line or in the file, is refused with the key and what is wrong")
    func badTargets() throws {
        let directory = try TemporaryDirectory()
        let noPort = try Gateway.run(["relay", "--config", try configFile(directory), "--to", "192.168.20.5"])
        #expect(noPort.status == 64)
        #expect(noPort.standardError.contains(#"--to: "192.168.20.5": no :PORT after the address"#), "\(noPort.standardError)")
        #expect(noPort.standardError.contains("(as for udp.relay)"))
        let twice = try Gateway.run(["relay", "--config", try configFile(directory), "--to", "127.0.0.1:9", "--to", "127.0.0.1:9"])
        #expect(twice.status == 64)
        #expect(twice.standardError.contains(#""127.0.0.1:9" is given twice"#), "\(twice.standardError)")
        let badFile = try configFile(directory, "[udp]\nrelay = [\"127.0.0.1:65536\"]\n")
        let fromFile = try Gateway.run(["relay", "--config", badFile])
        #expect(fromFile.status == 78)
        #expect(
            fromFile.standardError.contains(#"line 2: udp.relay: "127.0.0.1:65536": the port is not a whole number from 1 to 65535"#),
            "\(fromFile.standardError)")
    }
}
