// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Testing
import TempestTestKit

/// `setup --mode`: where live data comes from, and the check that the
/// WeatherFlow WebSocket answers (a real WebSocket server on 127.0.0.1).
@Suite("setup's live data source", .serialized)
struct SetupLiveSourceTests {
    let token = "live-source-secret-314"

    /// Runs setup without a terminal with `extra` options, the broadcasts skipped.
    func setup(_ directory: TemporaryDirectory, _ extra: [String]) throws -> (result: ChildProcess.Result, config: String) {
        let config = directory.file("config.toml")
        let server = try LocalHTTPServer()
        server.route("/stations", .init(body: RESTFixtures.stations))
        let result = try Gateway.run(
            [
                "setup", "--config", config, "--token-file", try Gateway.tokenFile(directory, token: token), "--weatherflow-api", server.baseURL,
                "--station", "98765", "--mqtt-host", "127.0.0.1", "--mqtt-port", String(try FreePort.tcp()), "--udp-seconds", "0", "--yes",
            ] + extra)
        return (result, config)
    }

    @Test("--mode websocket: the WebSocket is opened with the token, answers connection_opened, and the mode is written")
    func webSocketAnswers() throws {
        let directory = try TemporaryDirectory()
        let webSocket = try LocalWebSocketServer()
        webSocket.greet(with: #"{"type":"connection_opened"}"#)
        let url = webSocket.baseURL + "/swd/data"
        let (result, config) = try setup(directory, ["--mode", "websocket", "--websocket-url", url])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("The WeatherFlow WebSocket answered."))
        #expect(webSocket.handshakes.first?.path == "/swd/data")
        #expect(webSocket.handshakes.first?.query == "token=" + token)
        #expect(!result.standardOutput.contains(token) && !result.standardError.contains(token))
        let values = try Gateway.shownSettings(config)
        #expect(values["weatherflow.mode"] as? String == "websocket")
        #expect(values["weatherflow.websocket_url"] as? String == url)
    }

    @Test("a WebSocket refusing with 401: a warning line, the mode kept, exit 0, and the token nowhere in the output")
    func webSocketRefuses() throws {
        let directory = try TemporaryDirectory()
        let webSocket = try LocalWebSocketServer()
        webSocket.refuseUpgrades(status: 401)
        let (result, config) = try setup(directory, ["--mode", "udp+websocket", "--websocket-url", webSocket.baseURL + "/swd/data"])
        #expect(result.status == 0, "\(result.standardError)")
        let output = result.standardOutput
        #expect(output.contains("The WeatherFlow WebSocket did not answer: "))
        #expect(output.contains("401"))
        #expect(output.contains("Warning: keeping the mode udp+websocket"))
        #expect(!output.contains("The WeatherFlow WebSocket answered."))
        #expect(!output.contains(token) && !result.standardError.contains(token))
        #expect(try Gateway.shownSettings(config)["weatherflow.mode"] as? String == "udp+websocket")
    }

    @Test("--mode udp checks no WebSocket; --mode bogus is a usage error naming weatherflow.mode")
    func modeOption() throws {
        let directory = try TemporaryDirectory()
        let (udp, config) = try setup(directory, ["--mode", "udp"])
        #expect(udp.status == 0, "\(udp.standardError)")
        #expect(!udp.standardOutput.contains("WeatherFlow WebSocket"))
        #expect(try Gateway.shownSettings(config)["weatherflow.mode"] as? String == "udp")

        let bogus = try setup(directory, ["--mode", "bogus"]).result
        #expect(bogus.status == 64)
        #expect(bogus.standardError.contains("weatherflow.mode"))
    }
}
