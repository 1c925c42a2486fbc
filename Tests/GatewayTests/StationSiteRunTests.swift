// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import TempestTestKit
import Testing

/// The station's site is one thing wherever it comes from: `run
/// --latitude/--longitude` gives the daylight figure exactly as
/// `station.latitude`/`station.longitude` in the file do.
@Suite("station site: --latitude and the file's latitude alike", .serialized)
struct StationSiteRunTests {
    static let serial = "ST-00000001"

    /// Starts `run` publishing to `broker`, its file holding `configText`
    /// after the UDP port (returned), the database `database` and the
    /// broker, with forecasts off; `arguments` added to its command line.
    static func startGateway(
        broker: MosquittoBroker, database: String, directory: TemporaryDirectory, configText: String, arguments: [String]
    ) throws -> (gateway: ChildProcess, udpPort: UInt16) {
        let config = directory.file("config.toml")
        let udpPort = try FreePort.udp()
        try """
            [udp]
            address = "127.0.0.1"
            port = \(udpPort)
            [storage]
            database = "\(database)"
            [mqtt]
            host = "127.0.0.1"
            port = \(broker.port)
            [forecast]
            enabled = false
            \(configText)
            """.write(toFile: config, atomically: true, encoding: .utf8)
        let gateway = try ChildProcess(
            executable: Gateway.path, arguments: ["run", "--config", config, "--print", "none", "--no-forecast"] + arguments)
        try gateway.start()
        guard gateway.waitFor(timeoutSeconds: 20, { $0.standardErrorSoFar.contains("Listening") }) else {
            gateway.send(signal: SIGTERM)
            _ = try? gateway.wait(timeoutSeconds: 30)
            throw TestKitError("run did not start: \(gateway.standardErrorSoFar)")
        }
        return (gateway, udpPort)
    }

    /// Runs the gateway with `arguments` (and `configText` as its file),
    /// sends one observation, and returns the retained daylight figure
    /// published for it (nil when none came within the wait).
    func publishedDaylight(arguments: [String], configText: String) throws -> String? {
        let broker = try MosquittoBroker()
        let directory = try TemporaryDirectory()
        let (gateway, udpPort) = try Self.startGateway(
            broker: broker, database: directory.file("g.db"), directory: directory, configText: configText,
            arguments: ["--timezone", "America/Denver"] + arguments)
        defer {
            gateway.send(signal: SIGTERM)
            _ = try? gateway.wait(timeoutSeconds: 30)
        }
        // 2024-07-13 12:00 in Denver, 25 °C, 600 W/m².
        let sender = try UDPSender(port: udpPort)
        try sender.send(
            #"{"serial_number":"\#(Self.serial)","type":"obs_st","obs":[[1720893600,0.5,1,2,90,3,840,25,40,60000,5,600,0,0,0,0,2.6,1]]}"#)
        // The observation's values are retained; the daylight figure, when
        // there is one, is published with them.
        let topic = "tempest/\(Self.serial)/air_temperature"
        func retained(_ topic: String) throws -> String? {
            let result = try ChildProcess.run(
                executable: "/usr/bin/mosquitto_sub",
                arguments: ["-h", "127.0.0.1", "-p", String(broker.port), "-t", topic, "-C", "1", "-W", "2"])
            let text = result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
            return result.status == 0 && !text.isEmpty ? text : nil
        }
        var published = false
        for _ in 0..<10 where !published {
            published = try retained(topic) != nil
        }
        #expect(published, "\(gateway.standardErrorSoFar)")
        return try retained("tempest/\(Self.serial)/daylight_minutes_today")
    }

    @Test("run --latitude/--longitude publishes the daylight figure, the same as the file's latitude")
    func commandLineSiteGivesDaylight() throws {
        let fromOptions = try publishedDaylight(arguments: ["--latitude", "39.7392", "--longitude", "-104.9903"], configText: "")
        let fromFile = try publishedDaylight(
            arguments: [], configText: "[station]\nlatitude = 39.7392\nlongitude = -104.9903")
        #expect(fromOptions != nil)
        #expect(fromOptions == fromFile)
        // Denver on 13 July: 14 h 45 min from sunrise (5:44) to sunset (20:29).
        let minutes = try #require(fromOptions.flatMap(Double.init))
        #expect(abs(minutes - 885) < 5, "\(minutes)")
    }
}
