// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Testing
import TempestTestKit

/// `stations`, `select --add` and `setup --station A --station B` with a
/// two-station account (RESTFixtures.twoStations) on a local server.
@Suite("stations, select and setup with several stations", .serialized)
struct MultiStationCommandTests {
    func tokenFile(_ directory: TemporaryDirectory) throws -> String {
        try Gateway.tokenFile(directory, token: "multi-secret-321")
    }

    func cloud() throws -> LocalHTTPServer {
        let server = try LocalHTTPServer()
        server.route("/stations", .init(body: RESTFixtures.twoStations))
        return server
    }

    @Test("stations marks the configured ones; select --add turns [station] into [[station]] tables and keeps the rest")
    func stationsAndSelectAdd() throws {
        let directory = try TemporaryDirectory()
        let server = try cloud()
        let token = try tokenFile(directory)
        let config = directory.file("config.toml")
        try "# my gateway\n[station]  # home\nstation_id = 98765\n\n[mqtt]\nhost = \"broker.lan\"\n".write(
            toFile: config, atomically: true, encoding: .utf8)
        let common = ["--config", config, "--token-file", token, "--weatherflow-api", server.baseURL]

        let listed = try Gateway.run(["stations"] + common)
        #expect(listed.status == 0, "\(listed.standardError)")
        #expect(listed.standardOutput.contains("Station 98765: Backyard, elevation 2063.2 metres, time zone America/Denver, latitude 39.7392, longitude -104.9903\n  Configured: yes, as station 1 of 1\n"))
        #expect(listed.standardOutput.contains("Station 55555: Cabin"))
        #expect(listed.standardOutput.contains("  Configured: no (`tempest-gateway select --add 55555` adds it)"))
        #expect(listed.standardOutput.contains("  Device AR-00011111, cloud device id 311111"))

        let added = try Gateway.run(["select", "55555", "--add"] + common)
        #expect(added.status == 0, "\(added.standardError)")
        #expect(added.standardOutput.contains("Added station 55555, Cabin, as station 2 of 2, in \(config):"))
        #expect(added.standardOutput.contains("  station[2].station_id = 55555"))
        let text = try String(contentsOfFile: config, encoding: .utf8)
        #expect(text.hasPrefix("# my gateway\n[[station]]  # home\nstation_id = 98765\n\n[mqtt]\nhost = \"broker.lan\"\n\n[[station]]\nstation_id = 55555\n"))
        let values = try Gateway.shownSettings(config)
        #expect(values["station.station_id"] as? Int == 98765)
        #expect(values["station[2].station_id"] as? Int == 55555)
        #expect(values["station[2].timezone"] as? String == "Europe/Zurich")
        #expect(values["station[2].serials"] as? [String] == ["HB-00099999", "AR-00011111", "SK-00022222"])
        #expect(try Gateway.run(["config", "validate", "--config", config]).status == 0)

        let json = try Gateway.run(["stations", "--json"] + common)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        #expect(array.map { $0["configured_position"] as? Int } == [1, 2])

        // Selecting a configured station refreshes it where it is; adding it again adds nothing.
        let again = try Gateway.run(["select", "55555", "--add"] + common)
        #expect(again.standardOutput.contains("Refreshed station 55555, Cabin, configured as station 2 of 2"))
        #expect(try String(contentsOfFile: config, encoding: .utf8).components(separatedBy: "[[station]]").count == 3)
    }

    @Test("setup with --station twice writes two [[station]] tables")
    func setupSeveral() throws {
        let directory = try TemporaryDirectory()
        let server = try cloud()
        let broker = try MosquittoBroker()
        let config = directory.file("config.toml")
        let result = try Gateway.run([
            "setup", "--config", config, "--token-file", try tokenFile(directory), "--weatherflow-api", server.baseURL,
            "--station", "98765", "--station", "55555", "--mqtt-host", "127.0.0.1", "--mqtt-port", String(broker.port),
            "--udp-seconds", "0", "--yes",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Chosen: station 98765, Backyard."))
        #expect(result.standardOutput.contains("Chosen: station 55555, Cabin."))
        let values = try Gateway.shownSettings(config)
        #expect(values["station.station_id"] as? Int == 98765)
        #expect(values["station[2].station_id"] as? Int == 55555)
        #expect(values["station[2].latitude"] as? Double == 46.5)
        #expect(values["mqtt.port"] as? Int == Int(broker.port))
        #expect(try String(contentsOfFile: config, encoding: .utf8).components(separatedBy: "[[station]]").count == 3)
    }

    @Test("setup on a terminal takes several stations as numbers or ids separated by commas, and asks again after a wrong one")
    func setupAsksForSeveral() throws {
        let directory = try TemporaryDirectory()
        let server = try cloud()
        let broker = try MosquittoBroker()
        let config = directory.file("config.toml")
        let terminal = try PseudoTerminalProcess(
            executable: Gateway.path,
            arguments: [
                "setup", "--config", config, "--token-file", try tokenFile(directory), "--weatherflow-api", server.baseURL,
                "--udp-seconds", "0",
            ],
            environment: ["NO_COLOR": "1"])
        #expect(terminal.waitFor("Which stations? Type a number, 1 to 2, or a station id; several separated by commas", seconds: 20))
        terminal.type("3, 98765\n")
        #expect(terminal.waitFor("3, 98765 is not a list of numbers from the list or station ids.", seconds: 10))
        terminal.type("2, 98765\n")
        #expect(terminal.waitFor("Mode: udp, udp+websocket or websocket (press Enter for udp): ", seconds: 20))
        terminal.type("\n")
        #expect(terminal.answerBrokerQuestions(port: broker.port))
        #expect(terminal.declineNetworksAndWrite())
        #expect(try terminal.wait(seconds: 30) == 0, "\(terminal.screen)")
        #expect(terminal.screen.contains("Chosen: station 55555, Cabin."))
        let values = try Gateway.shownSettings(config)
        #expect(values["station.station_id"] as? Int == 55555)
        #expect(values["station[2].station_id"] as? Int == 98765)
    }
}
