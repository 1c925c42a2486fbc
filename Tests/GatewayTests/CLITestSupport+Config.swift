// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import TempestTestKit
import Testing

extension Gateway {
    /// Every setting's value as `config show --json` reports it, by the key
    /// it names (`station[2].station_id` for a second station).
    static func shownSettings(_ config: String) throws -> [String: Any] {
        let result = try run(["config", "show", "--json", "--config", config])
        #expect(result.status == 0, "\(result.standardError)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let settings = try #require(document["settings"] as? [[String: Any]])
        var values: [String: Any] = [:]
        for setting in settings {
            if let key = setting["key"] as? String, let value = setting["value"] { values[key] = value }
        }
        return values
    }

    /// A token file (mode 600) holding `token`, in `directory`.
    static func tokenFile(_ directory: TemporaryDirectory, token: String) throws -> String {
        let path = directory.file("token")
        try (token + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o600)
        return path
    }
}

extension PseudoTerminalProcess {
    /// Answers setup's broker questions on the terminal: host 127.0.0.1,
    /// `port`, no user name. Whether every question came in time.
    func answerBrokerQuestions(port: UInt16) -> Bool {
        let answers = [
            ("Broker host name or address (press Enter for localhost): ", "127.0.0.1"), ("Broker port (press Enter for 1883): ", "\(port)"),
            ("Broker user name, empty for none", ""),
        ]
        for (question, answer) in answers {
            guard waitFor(question, seconds: 20) else { return false }
            type(answer + "\n")
        }
        return true
    }

    /// Answers setup's last questions with their plainest answers: no
    /// weather networks, no web page, and yes to writing the configuration.
    /// Whether every question came in time.
    func declineNetworksAndWrite() -> Bool {
        let answers = [
            ("Share the station with weather networks? Type yes or no (press Enter for no): ", ""),
            ("Serve the web page? Its port, such as 8080, empty for off: ", ""),
            ("Write this configuration? Type yes or no (press Enter for yes): ", "yes"),
        ]
        for (question, answer) in answers {
            guard waitFor(question, seconds: 20) else { return false }
            type(answer + "\n")
        }
        return true
    }
}
