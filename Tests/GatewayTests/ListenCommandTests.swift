// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Testing
import TempestTestKit

/// `tempest-gateway listen`, through the built binary on a loopback port.
@Suite("listen command", .serialized)
struct ListenCommandTests {
    func startListen(_ extra: [String]) throws -> (ChildProcess, UInt16) {
        let port = try FreePort.udp()
        let child = try ChildProcess(
            executable: Gateway.path,
            arguments: ["listen", "--address", "127.0.0.1", "--port", String(port)] + extra,
            environment: ["NO_COLOR": "1"]
        )
        try child.start()
        let ready = child.waitFor(timeoutSeconds: 10) { $0.standardErrorSoFar.contains("Listening") }
        guard ready else { throw TestKitError("listen did not start: \(child.standardErrorSoFar)") }
        return (child, port)
    }

    @Test("JSON lines for each datagram, with the source address")
    func jsonLines() throws {
        let (child, port) = try startListen(["--json", "--seconds", "3"])
        let sender = try UDPSender(port: port)
        try sender.send(#"{"serial_number":"ST-00000512","type":"rapid_wind","hub_sn":"HB-1","ob":[1588948614,0.18,144]}"#)
        try sender.send("garbage")
        try sender.send(#"{"serial_number":"ST-00000512","type":"evt_strike","evt":[1588948620,12,300]}"#)
        let result = try child.wait(timeoutSeconds: 15)
        #expect(result.status == 0)
        let objects = try Gateway.jsonLines(result.standardOutput)
        #expect(objects.map { $0["type"] as? String } == ["rapid_wind", "evt_strike"])
        #expect(objects[0]["source_address"] as? String == "127.0.0.1")
        #expect(objects[1]["distance"] as? Int == 12)
        #expect(result.standardError.contains("received 3"))
        #expect(result.standardError.contains("invalid_json 1"))
    }

    @Test("readable lines put labels before values and spell out units, without colour codes")
    func readableLines() throws {
        let (child, port) = try startListen(["--seconds", "2"])
        let sender = try UDPSender(port: port)
        let line = try String(contentsOfFile: Gateway.fixturePath("obs_st"), encoding: .utf8).split(separator: "\n")[0]
        try sender.send(String(line))
        let result = try child.wait(timeoutSeconds: 15)
        #expect(result.standardOutput.contains("air temperature 5.8 degrees Celsius"))
        #expect(result.standardOutput.contains("wind average 3.1 metres per second from 196 degrees"))
        #expect(result.standardOutput.contains("station pressure 998.42 millibars"))
        #expect(!result.standardOutput.contains("\u{1B}["))
    }

    @Test("--units imperial converts the sentences and spells out the chosen units; --json stays metric")
    func imperialUnits() throws {
        let (child, port) = try startListen(["--seconds", "2", "--units", "imperial"])
        let sender = try UDPSender(port: port)
        let line = try String(contentsOfFile: Gateway.fixturePath("obs_st"), encoding: .utf8).split(separator: "\n")[0]
        try sender.send(String(line))
        let result = try child.wait(timeoutSeconds: 15)
        // 5.8 °C, 3.1 m/s and 998.42 mb in the fixture.
        #expect(result.standardOutput.contains("air temperature 42.44 degrees Fahrenheit"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("wind average 6.93 miles per hour from 196 degrees"))
        #expect(result.standardOutput.contains("station pressure 29.483 inches of mercury"))
        #expect(!result.standardOutput.contains("degrees Celsius"))
    }

    @Test("silence for 15 seconds names the usual causes")
    func silenceHint() throws {
        let (child, _) = try startListen(["--seconds", "16"])
        let result = try child.wait(timeoutSeconds: 40)
        #expect(result.standardError.contains("Nothing has arrived"))
        #expect(result.standardError.contains("VLAN"))
        #expect(result.standardError.contains("Docker"))
        #expect(result.standardError.contains("firewall"))
        #expect(result.standardError.contains("client isolation"))
    }

    @Test("--help teaches with examples")
    func help() throws {
        let result = try Gateway.run(["listen", "--help"])
        #expect(result.standardOutput.contains("Examples:"))
        #expect(result.standardOutput.contains("--json"))
    }
}
