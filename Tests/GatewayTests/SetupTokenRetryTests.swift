// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Testing
import TempestTestKit

/// `setup` when WeatherFlow rejects the token: asked again on a terminal
/// (at most 3 tries), at once an error without one; against a local
/// stand-in of the REST API that accepts one token only.
@Suite("setup when the token is rejected", .serialized)
struct SetupTokenRetryTests {
    let goodToken = "good-token-4242"
    let badTokens = ["bad-token-0001", "bad-token-0002", "bad-token-0003"]

    /// A stand-in of the WeatherFlow cloud that answers 401 to every token but the good one.
    func cloud() throws -> LocalHTTPServer {
        let server = try LocalHTTPServer()
        let accepted = "Bearer " + goodToken
        server.route("/stations") { request in
            request.headers["authorization"] == accepted
                ? LocalHTTPServer.Response(body: RESTFixtures.stations)
                : LocalHTTPServer.Response(status: 401, body: #"{"status":{"status_code":401,"status_message":"UNAUTHORIZED"}}"#)
        }
        return server
    }

    /// Setup on a pseudo-terminal, the broadcasts and the WebSocket left out.
    func terminal(config: String, server: LocalHTTPServer, brokerPort: UInt16) throws -> PseudoTerminalProcess {
        try PseudoTerminalProcess(
            executable: Gateway.path,
            arguments: [
                "setup", "--config", config, "--weatherflow-api", server.baseURL, "--udp-seconds", "0", "--mode", "udp",
                "--mqtt-host", "127.0.0.1", "--mqtt-port", String(brokerPort),
            ],
            environment: ["NO_COLOR": "1"])
    }

    @Test("a rejected token is said to be rejected and asked for again; the good one then completes setup; no token is shown")
    func rejectedThenAccepted() throws {
        let directory = try TemporaryDirectory()
        let config = directory.file("config.toml")
        let server = try cloud()
        let broker = try MosquittoBroker()
        let terminal = try terminal(config: config, server: server, brokerPort: broker.port)
        #expect(terminal.waitFor("Paste the token (typing is not shown): ", seconds: 20))
        terminal.type(badTokens[0] + "\n")
        #expect(terminal.waitFor("WeatherFlow rejected that token. Check that it was copied whole, or create a new one.", seconds: 20))
        #expect(terminal.waitFor("Paste the token again, try 2 of 3 (typing is not shown): ", seconds: 10))
        terminal.type(goodToken + "\n")
        #expect(terminal.waitFor("Step 2 of 6: your stations.", seconds: 20))
        // The user name's default is empty, so the prompt names none.
        #expect(terminal.waitFor("Broker user name, empty for none: ", seconds: 20))
        terminal.type("\n")
        #expect(terminal.waitFor("PASS: MQTT broker 127.0.0.1 accepts the gateway", seconds: 20))
        #expect(terminal.declineNetworksAndWrite())
        #expect(try terminal.wait(seconds: 30) == 0, "\(terminal.screen)")
        let screen = terminal.screen
        #expect(!screen.contains(goodToken) && !screen.contains(badTokens[0]), "a token was shown")
        #expect(!screen.contains("(press Enter for )"), "an empty default was announced:\n\(screen)")
        #expect(!screen.contains("Error"))
        #expect(try String(contentsOfFile: directory.file("weatherflow-token"), encoding: .utf8) == goodToken + "\n")
        #expect(try Gateway.shownSettings(config)["station.station_id"] as? Int == 98765)
    }

    @Test("three rejected tokens in a row stop setup with a clear error and a non-zero exit status; nothing is written")
    func threeRejections() throws {
        let directory = try TemporaryDirectory()
        let config = directory.file("config.toml")
        let server = try cloud()
        let terminal = try terminal(config: config, server: server, brokerPort: try FreePort.tcp())
        for (index, bad) in badTokens.enumerated() {
            let prompt = index == 0 ? "Paste the token (typing is not shown): " : "Paste the token again, try \(index + 1) of 3 (typing is not shown): "
            #expect(terminal.waitFor(prompt, seconds: 20), "\(terminal.screen)")
            terminal.type(bad + "\n")
        }
        let status = try terminal.wait(seconds: 30)
        #expect(status == 1, "\(terminal.screen)")
        let screen = terminal.screen
        #expect(screen.contains("Error: no token was accepted after 3 tries; nothing was written."))
        #expect(screen.components(separatedBy: "WeatherFlow rejected that token.").count == 4, "each rejection is said")
        #expect(!screen.contains("Step 2 of 6"))
        #expect(badTokens.allSatisfy { !screen.contains($0) }, "a token was shown")
        #expect(server.requests.count == 3)
        #expect(!FileManager.default.fileExists(atPath: config))
        #expect(!FileManager.default.fileExists(atPath: directory.file("weatherflow-token")))
    }

    @Test("without a terminal a rejected token file fails at once, with one request")
    func rejectedTokenFile() throws {
        let directory = try TemporaryDirectory()
        let config = directory.file("config.toml")
        let server = try cloud()
        let result = try Gateway.run(
            [
                "setup", "--config", config, "--token-file", try Gateway.tokenFile(directory, token: badTokens[0]), "--weatherflow-api",
                server.baseURL, "--udp-seconds", "0", "--yes",
            ])
        #expect(result.status == 1)
        #expect(result.standardError.contains("the token was rejected"))
        #expect(!result.standardError.contains(badTokens[0]) && !result.standardOutput.contains(badTokens[0]))
        #expect(server.requests.count == 1)
        #expect(!FileManager.default.fileExists(atPath: config))
    }
}
