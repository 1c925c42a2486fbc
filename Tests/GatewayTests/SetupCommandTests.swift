// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Testing
import TempestTestKit

/// `setup` and `select` against a local server playing the WeatherFlow
/// cloud, a real broker and real UDP; the wizard both with options only and
/// typed at on a pseudo-terminal.
@Suite("setup and select", .serialized)
struct SetupCommandTests {
    let token = "setup-secret-789"

    func tokenFile(_ directory: TemporaryDirectory) throws -> String {
        try Gateway.tokenFile(directory, token: token)
    }

    func cloud() throws -> LocalHTTPServer {
        let server = try LocalHTTPServer()
        server.route("/stations", .init(body: RESTFixtures.stations))
        return server
    }

    /// The value of each key as `config show --json` reports it.
    func shown(_ config: String) throws -> [String: Any] {
        try Gateway.shownSettings(config)
    }

    @Test("with options only: the station's facts, the broker and the token file go into the configuration; broadcasts are matched to the station")
    func nonInteractive() throws {
        let directory = try TemporaryDirectory()
        // A folder that does not exist yet, as /etc/tempest-gateway without the package.
        let config = directory.file("etc/tempest-gateway/config.toml")
        let server = try cloud()
        let broker = try MosquittoBroker()
        let udpPort = try FreePort.udp()
        let token = try tokenFile(directory)
        let setup = try ChildProcess(
            executable: Gateway.path,
            arguments: [
                "setup", "--config", config, "--token-file", token, "--weatherflow-api", server.baseURL, "--station", "98765",
                "--mqtt-host", "127.0.0.1", "--mqtt-port", String(broker.port), "--udp-port", String(udpPort), "--udp-seconds", "20",
                "--web-port", "8081", "--yes",
            ])
        try setup.start()
        #expect(setup.waitFor(timeoutSeconds: 20) { $0.standardOutputSoFar.contains("Step 3 of 6") })
        usleep(300_000)
        let datagram = #"{"serial_number":"ST-00054321","type":"rapid_wind","hub_sn":"HB-00012345","ob":[1720850400,1.31,209]}"#
        let file = directory.file("one.jsonl")
        try (datagram + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try Gateway.run(["replay", file, "--to", "127.0.0.1:\(udpPort)"]).status == 0)
        let result = try setup.wait(timeoutSeconds: 60)
        #expect(result.status == 0, "\(result.standardError)")
        let output = result.standardOutput
        #expect(output.contains("1. Station 98765: Backyard"))
        #expect(output.contains("PASS: hub broadcasts arrive"))
        #expect(output.contains("Heard ST-00054321, which belongs to this station."))
        #expect(output.contains("Not heard yet: HB-00012345 of this station."))
        #expect(output.contains("PASS: MQTT broker 127.0.0.1 accepts the gateway"))
        #expect(output.contains("Written to \(config)."))
        #expect(!output.contains(self.token) && !result.standardError.contains(self.token))

        let values = try shown(config)
        #expect(values["station.station_id"] as? Int == 98765)
        #expect(values["station.timezone"] as? String == "America/Denver")
        #expect(values["station.elevation"] as? Double == 2063.15)
        #expect(values["station.sensor_height"] as? Double == 1.83)
        #expect(values["station.latitude"] as? Double == 39.7392)
        #expect(values["station.longitude"] as? Double == -104.9903)
        #expect(values["station.serials"] as? [String] == ["HB-00012345", "ST-00054321"])
        #expect(values["weatherflow.token_file"] as? String == token)
        #expect(values["weatherflow.api"] as? String == server.baseURL)
        #expect(values["mqtt.host"] as? String == "127.0.0.1")
        #expect(values["mqtt.port"] as? Int == Int(broker.port))
        #expect(values["web.port"] as? Int == 8081)
        #expect(!(values["web.password_file"] is String), "no password unless one is given")
        #expect(try Gateway.run(["config", "validate", "--config", config]).status == 0)
        let text = try String(contentsOfFile: config, encoding: .utf8)
        #expect(!text.contains(self.token))
    }

    @Test("without a terminal it needs a token file, and a station when the account has several; errors say what to do")
    func nonInteractiveErrors() throws {
        let directory = try TemporaryDirectory()
        let config = directory.file("config.toml")
        let noToken = try Gateway.run(["setup", "--config", config, "--udp-seconds", "0", "--mqtt-host", "127.0.0.1"])
        #expect(noToken.status != 0)
        #expect(noToken.standardError.contains("give the token with --token-file PATH"))

        let server = try LocalHTTPServer()
        let second = RESTFixtures.stations.replacingOccurrences(of: #"{"stations":["#, with: #"{"stations":[{"station_id":11111,"name":"Cabin","devices":[]},"#)
        server.route("/stations", .init(body: second))
        let token = try tokenFile(directory)
        let ambiguous = try Gateway.run(
            ["setup", "--config", config, "--token-file", token, "--weatherflow-api", server.baseURL, "--udp-seconds", "0", "--yes"])
        #expect(ambiguous.status != 0)
        #expect(ambiguous.standardError.contains("this account has 2 stations; choose one with --station ID"))
        let unknown = try Gateway.run(
            ["setup", "--config", config, "--token-file", token, "--weatherflow-api", server.baseURL, "--udp-seconds", "0", "--station", "5", "--yes"])
        #expect(unknown.standardError.contains("station 5 is not in this account; its stations are 11111, 98765"))
        #expect(!FileManager.default.fileExists(atPath: config), "nothing written")

        chmod(token, 0o644)
        let readable = try Gateway.run(
            ["setup", "--config", config, "--token-file", token, "--weatherflow-api", server.baseURL, "--udp-seconds", "0", "--yes"])
        #expect(readable.standardError.contains("chmod 600"))
    }

    @Test("typed at on a terminal: the token is not echoed and lands in a private file; the answers become the configuration")
    func interactive() throws {
        let directory = try TemporaryDirectory()
        let config = directory.file("config.toml")
        let server = try cloud()
        let broker = try MosquittoBroker()
        let webSocket = try LocalWebSocketServer()
        webSocket.greet(with: #"{"type":"connection_opened"}"#)
        let terminal = try PseudoTerminalProcess(
            executable: Gateway.path,
            arguments: [
                "setup", "--config", config, "--weatherflow-api", server.baseURL, "--udp-seconds", "1", "--udp-port", String(try FreePort.udp()),
                "--websocket-url", webSocket.baseURL + "/swd/data",
            ],
            environment: ["NO_COLOR": "1"])
        #expect(terminal.waitFor("Paste the token (typing is not shown): ", seconds: 20))
        terminal.type(token + "\n")
        // No broadcasts arrive on the free port, so the WebSocket is proposed; Enter takes it.
        #expect(terminal.waitFor("No broadcasts from this station's devices arrived, so the default is websocket.", seconds: 20))
        #expect(terminal.waitFor("Mode: udp, udp+websocket or websocket (press Enter for websocket): ", seconds: 10))
        terminal.type("\n")
        #expect(terminal.waitFor("The WeatherFlow WebSocket answered.", seconds: 20))
        #expect(terminal.answerBrokerQuestions(port: broker.port))
        #expect(terminal.waitFor("Share the station with weather networks? Type yes or no (press Enter for no): ", seconds: 20))
        terminal.type("\n")
        #expect(terminal.waitFor("Serve the web page? Its port, such as 8080, empty for off: ", seconds: 20))
        terminal.type("8080\n")
        #expect(terminal.waitFor("Web page address: 127.0.0.1 for this computer only, 0.0.0.0 for the whole network (press Enter for 127.0.0.1): ", seconds: 10))
        terminal.type("\n")
        #expect(terminal.waitFor("Web page password for the user tempest, empty for none (typing is not shown): ", seconds: 10))
        terminal.type("page-secret-55\n")
        #expect(terminal.waitFor("Write this configuration? Type yes or no (press Enter for yes): ", seconds: 20))
        terminal.type("yes\n")
        #expect(try terminal.wait(seconds: 30) == 0, "\(terminal.screen)")
        let screen = terminal.screen
        #expect(!screen.contains(token), "the token was echoed")
        #expect(screen.contains("127.0.0.1"), "typed answers are echoed as usual")
        #expect(screen.contains("FAIL: hub broadcasts arrive"))
        #expect(screen.contains("PASS: MQTT broker 127.0.0.1 accepts the gateway"))

        let tokenPath = directory.file("weatherflow-token")
        var information = stat()
        #expect(stat(tokenPath, &information) == 0)
        #expect(information.st_mode & 0o777 == 0o600)
        #expect(try String(contentsOfFile: tokenPath, encoding: .utf8) == token + "\n")
        let values = try shown(config)
        #expect(values["weatherflow.token_file"] as? String == tokenPath)
        #expect(values["weatherflow.mode"] as? String == "websocket")
        #expect(webSocket.handshakes.first?.query == "token=" + token, "the WebSocket was opened with the typed token")
        #expect(values["station.station_id"] as? Int == 98765)
        #expect(values["mqtt.port"] as? Int == Int(broker.port))
        // The web page: its port, and its password in a private file.
        #expect(values["web.port"] as? Int == 8080)
        #expect(values["web.address"] as? String == "127.0.0.1")
        let webPasswordPath = directory.file("web-password")
        #expect(values["web.password_file"] as? String == webPasswordPath)
        #expect(stat(webPasswordPath, &information) == 0)
        #expect(information.st_mode & 0o777 == 0o600)
        #expect(try String(contentsOfFile: webPasswordPath, encoding: .utf8) == "page-secret-55\n")
        #expect(!screen.contains("page-secret-55"), "the web page password was echoed")
        // The configuration is readable by all (0644) and so holds no secret.
        #expect(stat(config, &information) == 0)
        #expect(information.st_mode & 0o777 == 0o644)
        #expect(!(try String(contentsOfFile: config, encoding: .utf8)).contains(token))
    }

    @Test("Control-C at the token prompt ends setup and leaves the terminal echoing again")
    func interruptedSecret() throws {
        let directory = try TemporaryDirectory()
        let terminal = try PseudoTerminalProcess(
            executable: Gateway.path, arguments: ["setup", "--config", directory.file("config.toml"), "--udp-seconds", "0"])
        #expect(terminal.waitFor("Paste the token (typing is not shown): ", seconds: 20))
        usleep(200_000)
        #expect(!terminal.echoes, "echo is off while the token is typed")
        terminal.type("\u{03}")
        #expect(try terminal.wait(seconds: 10) == 130)
        #expect(terminal.echoes, "echo is back")
        #expect(!FileManager.default.fileExists(atPath: directory.file("config.toml")))
    }

    @Test("select switches the station's facts in the file and keeps the rest; an unknown id lists the account's stations")
    func select() throws {
        let directory = try TemporaryDirectory()
        let config = directory.file("config.toml")
        try """
            # my gateway
            [station]
            station_id = 11111
            timezone = "Europe/Berlin"
            [mqtt]
            host = "broker.lan"  # the attic
            """.write(toFile: config, atomically: true, encoding: .utf8)
        let server = try cloud()
        let token = try tokenFile(directory)
        let result = try Gateway.run(["select", "98765", "--config", config, "--token-file", token, "--weatherflow-api", server.baseURL])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Switched from station 11111 to station 98765, Backyard"))
        let text = try String(contentsOfFile: config, encoding: .utf8)
        #expect(text.contains("# my gateway"))
        #expect(text.contains(#"host = "broker.lan"  # the attic"#))
        let values = try shown(config)
        #expect(values["station.station_id"] as? Int == 98765)
        #expect(values["station.timezone"] as? String == "America/Denver")

        let unknown = try Gateway.run(["select", "4", "--config", config, "--token-file", token, "--weatherflow-api", server.baseURL])
        #expect(unknown.status != 0)
        #expect(unknown.standardError.contains("station 4 is not in this account; its stations are 98765 (Backyard)"))
    }
}
