// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Testing
import TempestTestKit

/// `setup`'s weather networks: chosen on a pseudo-terminal or with
/// `--upload`, written as `[[upload]]` tables with each key in a private
/// file, and shown by `config show`.
@Suite("setup's weather networks", .serialized)
struct SetupUploadTests {
    let token = "upload-setup-token-77"
    let wundergroundKey = "wu-station-key-5150"

    func cloud() throws -> LocalHTTPServer {
        let server = try LocalHTTPServer()
        server.route("/stations", .init(body: RESTFixtures.stations))
        return server
    }

    @Test("on a terminal: Weather Underground and CWOP become two [[upload]] tables, Windy without an id is skipped; the key is private and never shown")
    func interactive() throws {
        let directory = try TemporaryDirectory()
        let config = directory.file("config.toml")
        let server = try cloud()
        let broker = try MosquittoBroker()
        let terminal = try PseudoTerminalProcess(
            executable: Gateway.path,
            arguments: ["setup", "--config", config, "--weatherflow-api", server.baseURL, "--udp-seconds", "0", "--mode", "udp"],
            environment: ["NO_COLOR": "1"])
        #expect(terminal.waitFor("Paste the token (typing is not shown): ", seconds: 20))
        terminal.type(token + "\n")
        #expect(terminal.answerBrokerQuestions(port: broker.port))
        #expect(terminal.waitFor("Step 5 of 6: weather networks.", seconds: 20))
        #expect(terminal.waitFor("Share the station with weather networks? Type yes or no (press Enter for no): ", seconds: 10))
        terminal.type("yes\n")
        #expect(terminal.waitFor("  7. CWOP\r\n", seconds: 10))
        #expect(terminal.screen.contains("  1. Weather Underground\r\n"))
        #expect(terminal.waitFor("Which networks? Type numbers from 1 to 7, several separated by commas: ", seconds: 10))
        terminal.type("1, 3, 7\n")
        #expect(terminal.waitFor("Its station id looks like KCASANFR123; wunderground.com shows it under My Profile, then My Devices.", seconds: 10))
        #expect(terminal.waitFor("Weather Underground station id, empty to skip: ", seconds: 10))
        terminal.type("KCASANFR123\n")
        #expect(terminal.waitFor("Weather Underground station key, shown with the id under My Devices (typing is not shown): ", seconds: 10))
        terminal.type(wundergroundKey + "\n")
        #expect(terminal.waitFor("Windy station id, empty to skip: ", seconds: 10))
        terminal.type("\n")
        #expect(terminal.waitFor("No station id: Windy is skipped.", seconds: 10))
        #expect(terminal.waitFor("CWOP station id, empty to skip: ", seconds: 10))
        terminal.type("cw1234\n")
        #expect(terminal.waitFor("CWOP ids such as CW1234 need no passcode.", seconds: 10))
        #expect(terminal.waitFor("Serve the web page? Its port, such as 8080, empty for off: ", seconds: 20))
        terminal.type("\n")
        #expect(terminal.waitFor("Write this configuration? Type yes or no (press Enter for yes): ", seconds: 20))
        terminal.type("yes\n")
        #expect(try terminal.wait(seconds: 30) == 0, "\(terminal.screen)")
        let screen = terminal.screen
        #expect(!screen.contains(wundergroundKey), "the key was shown")
        #expect(!screen.contains(token), "the token was shown")
        #expect(!screen.contains("(press Enter for )"), "an empty default was announced:\n\(screen)")
        #expect(!screen.contains("passcode for"), "a CWOP id is not asked for a passcode")
        let keyPath = directory.file("upload-wunderground-key")
        #expect(screen.contains("  upload[1].key_file = \(keyPath)"))
        #expect(screen.contains("(the Weather Underground key goes to \(keyPath), mode 600)"))

        var information = stat()
        #expect(stat(keyPath, &information) == 0)
        #expect(information.st_mode & 0o777 == 0o600)
        #expect(try String(contentsOfFile: keyPath, encoding: .utf8) == wundergroundKey + "\n")
        let text = try String(contentsOfFile: config, encoding: .utf8)
        #expect(!text.contains(wundergroundKey) && !text.contains(token))
        #expect(text.components(separatedBy: "[[upload]]").count == 3, "\(text)")
        let validate = try Gateway.run(["config", "validate", "--config", config])
        #expect(validate.status == 0, "\(validate.standardOutput)\(validate.standardError)")

        let values = try Gateway.shownSettings(config)
        #expect(values["upload[1].service"] as? String == "wunderground")
        #expect(values["upload[1].id"] as? String == "KCASANFR123")
        #expect(values["upload[1].key_file"] as? String == keyPath)
        #expect(values["upload[2].service"] as? String == "cwop")
        #expect(values["upload[2].id"] as? String == "CW1234")
        #expect(values["upload[2].key_file"] == nil || values["upload[2].key_file"] is NSNull)
        #expect(values["upload[3].service"] == nil, "Windy was skipped")
    }

    @Test("on a terminal with two stations: a ham call is asked for its passcode (kept private) and which station it serves")
    func hamCallAndStation() throws {
        let directory = try TemporaryDirectory()
        let config = directory.file("config.toml")
        let server = try LocalHTTPServer()
        let two = RESTFixtures.stations.replacingOccurrences(of: #"{"stations":["#, with: #"{"stations":[{"station_id":11111,"name":"Cabin","devices":[]},"#)
        server.route("/stations", .init(body: two))
        let passcode = "23456"
        let terminal = try PseudoTerminalProcess(
            executable: Gateway.path,
            arguments: [
                "setup", "--config", config, "--weatherflow-api", server.baseURL, "--udp-seconds", "0", "--mode", "udp", "--mqtt-host", "127.0.0.1",
                "--mqtt-port", String(try FreePort.tcp()), "--mqtt-user", "gateway", "--mqtt-password-file", directory.file("absent"),
            ],
            environment: ["NO_COLOR": "1"])
        #expect(terminal.waitFor("Paste the token (typing is not shown): ", seconds: 20))
        terminal.type(token + "\n")
        #expect(terminal.waitFor("several separated by commas (press Enter for 1): ", seconds: 20))
        terminal.type("1, 2\n")
        #expect(terminal.waitFor("Save these settings anyway? Type yes or no (press Enter for no): ", seconds: 20))
        terminal.type("yes\n")
        #expect(terminal.waitFor("Share the station with weather networks? Type yes or no (press Enter for no): ", seconds: 20))
        terminal.type("y\n")
        #expect(terminal.waitFor("Which networks? Type numbers from 1 to 7, several separated by commas: ", seconds: 10))
        terminal.type("7\n")
        #expect(terminal.waitFor("CWOP station id, empty to skip: ", seconds: 10))
        terminal.type("n0call\n")
        #expect(terminal.waitFor("Which station's readings go to CWOP? Type a number, 1 to 2 (press Enter for 1): ", seconds: 10))
        terminal.type("2\n")
        #expect(terminal.waitFor("APRS-IS passcode for N0CALL, empty for none (typing is not shown): ", seconds: 10))
        terminal.type(passcode + "\n")
        #expect(terminal.waitFor("Serve the web page? Its port, such as 8080, empty for off: ", seconds: 20))
        terminal.type("\n")
        #expect(terminal.waitFor("Write this configuration? Type yes or no (press Enter for yes): ", seconds: 20))
        terminal.type("yes\n")
        #expect(try terminal.wait(seconds: 30) == 0, "\(terminal.screen)")
        #expect(!terminal.screen.contains(passcode), "the passcode was shown")
        let keyPath = directory.file("upload-cwop-key")
        #expect(try String(contentsOfFile: keyPath, encoding: .utf8) == passcode + "\n")
        let values = try Gateway.shownSettings(config)
        #expect(values["upload[1].id"] as? String == "N0CALL")
        #expect(values["upload[1].key_file"] as? String == keyPath)
        #expect(values["station[2].station_id"] as? Int == 98765)
        #expect(values["upload[1].station"] as? Int == 2)
    }

    @Test("config show lists each [[upload]] table under its own heading, its defaults in words")
    func configShow() throws {
        let directory = try TemporaryDirectory()
        let config = directory.file("config.toml")
        try """
            [[upload]]
            service = "wunderground"
            id = "KCASANFR123"
            key_file = "/etc/tempest-gateway/upload-wunderground-key"

            [[upload]]
            service = "cwop"
            id = "CW1234"
            """.write(toFile: config, atomically: true, encoding: .utf8)
        let shown = try Gateway.run(["config", "show", "--config", config], environment: ["NO_COLOR": "1"])
        #expect(shown.status == 0, "\(shown.standardError)")
        let output = shown.standardOutput
        #expect(output.contains("\n[[upload]] 1 of 2\n  upload[1].service: \"wunderground\"; from: file line 2"), "\(output)")
        #expect(output.contains("  upload[1].key_file: \"/etc/tempest-gateway/upload-wunderground-key\"; from: file line 4"))
        #expect(output.contains("\n[[upload]] 2 of 2\n"))
        #expect(output.contains("  upload[2].id: \"CW1234\"; from: file line 8"))
        #expect(output.contains("  upload[2].interval_seconds: unset, meaning the service's own (300; Weathercloud and CWOP 600)"))
        #expect(output.contains("  upload[2].enabled: true; from: default"))
        #expect(output.contains("  upload[1].server: unset, meaning none (CWOP only); from: default"))
        #expect(output.contains("  upload[2].url: unset, meaning none (CWOP takes a server instead); from: default"))
        #expect(output.contains("  upload[2].key_file: unset, meaning $TEMPEST_UPLOAD_CWOP_KEY, else the systemd credential upload-cwop, else none"))
        #expect(output.contains("  Upload 1 key (Weather Underground): from the file /etc/tempest-gateway/upload-wunderground-key"), "\(output)")
        #expect(output.contains("  Upload 2 key (CWOP): none"))
    }

    @Test("with options only: --upload SERVICE:ID and --upload-key-file SERVICE:PATH; a readable key file and a bad --upload are refused")
    func options() throws {
        let directory = try TemporaryDirectory()
        let config = directory.file("config.toml")
        let server = try cloud()
        let keyFile = directory.file("wu-key")
        try (wundergroundKey + "\n").write(toFile: keyFile, atomically: true, encoding: .utf8)
        chmod(keyFile, 0o600)
        let common = [
            "setup", "--config", config, "--token-file", try Gateway.tokenFile(directory, token: token), "--weatherflow-api", server.baseURL,
            "--mqtt-host", "127.0.0.1", "--mqtt-port", String(try FreePort.tcp()), "--udp-seconds", "0", "--mode", "udp", "--yes",
        ]
        let result = try Gateway.run(
            common + ["--upload", "wunderground:KCASANFR123", "--upload-key-file", "wunderground:\(keyFile)", "--upload", "windy:f1a2b3c4"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Windy: no --upload-key-file; when it runs, the gateway reads the key from $TEMPEST_UPLOAD_WINDY_KEY"))
        #expect(!result.standardOutput.contains(wundergroundKey))
        let values = try Gateway.shownSettings(config)
        #expect(values["upload[1].id"] as? String == "KCASANFR123")
        #expect(values["upload[1].key_file"] as? String == keyFile)
        #expect(values["upload[2].service"] as? String == "windy")
        #expect(try Gateway.run(["config", "validate", "--config", config]).status == 0)

        chmod(keyFile, 0o644)
        let readable = try Gateway.run(
            common + ["--upload", "pwsweather:MYSTATION", "--upload-key-file", "pwsweather:\(keyFile)"])
        #expect(readable.status == 1)
        #expect(readable.standardError.contains("--upload-key-file pwsweather:"))
        #expect(readable.standardError.contains("chmod 600"))

        let bad = try Gateway.run(common + ["--upload", "myweather:X"])
        #expect(bad.status == 64)
        #expect(bad.standardError.contains("--upload takes SERVICE:ID, such as wunderground:KCASANFR123"))
    }
}
