// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import Glibc
import TempestTestKit
import Testing

@Suite("config set: editing a file in place")
struct ConfigurationEditorTests {
    private let original = """
        # My gateway
        [udp]
        port = 50222   # the hub's default

        [mqtt]
        # host = "localhost"
        # port = 1883
        user = "gateway"

        # end of file
        """

    @Test("Changing an existing key keeps its indentation, its comment and every other line")
    func replacesValue() throws {
        let edited = try ConfigurationEditor.setting("udp.port", to: "50223", in: original)
        #expect(edited == original.replacingOccurrences("port = 50222   #", "port = 50223   #") + "\n")
    }

    @Test("A new key goes right after its commented-out example")
    func insertsAfterExample() throws {
        let edited = try ConfigurationEditor.setting("mqtt.host", to: "broker.lan", in: original)
        #expect(edited.contains("# host = \"localhost\"\nhost = \"broker.lan\"\n# port = 1883\n"))
        #expect(edited.hasPrefix("# My gateway\n[udp]\n"))
        #expect(edited.hasSuffix("# end of file\n"))
        let reread = ConfigurationLoader.resolve(fileText: edited, path: nil, environment: [:])
        #expect(reread.configuration.mqtt.host == "broker.lan")
    }

    @Test("Text is written as an escaped TOML string that reads back the same")
    func escapesText() throws {
        let edited = try ConfigurationEditor.setting("mqtt.user", to: "gate \"way\" \\", in: original)
        #expect(edited.contains("user = \"gate \\\"way\\\" \\\\\"\n"))
        let reread = ConfigurationLoader.resolve(fileText: edited, path: nil, environment: [:])
        #expect(reread.configuration.mqtt.user == "gate \"way\" \\")
    }

    @Test("A new key without an example goes after the section's last entry")
    func insertsAfterLastEntry() throws {
        let edited = try ConfigurationEditor.setting("mqtt.tls", to: "true", in: original)
        #expect(edited.contains("user = \"gateway\"\ntls = true\n\n# end of file"))
    }

    @Test("A missing section is added at the end")
    func addsSection() throws {
        let edited = try ConfigurationEditor.setting("metrics.port", to: "9100", in: original)
        #expect(edited.hasSuffix("# end of file\n\n[metrics]\nport = 9100\n"))
        let empty = try ConfigurationEditor.setting("station.elevation", to: "1609.3", in: "")
        #expect(empty == "[station]\nelevation = 1609.3\n")
    }

    @Test("Unknown keys, bad values and files that would stay invalid are refused")
    func refuses() {
        #expect(throws: ConfigurationError.unknownKey("mqtt.colour")) {
            try ConfigurationEditor.setting("mqtt.colour", to: "blue", in: original)
        }
        do {
            _ = try ConfigurationEditor.setting("mqtt.port", to: "abc", in: original)
            Issue.record("a bad value was accepted")
        } catch let error as ConfigurationError {
            #expect(error.problems.map(\.description) == ["mqtt.port: \"abc\" is not a whole number; allowed: a whole number from 1 to 65535"])
        } catch {
            Issue.record("\(error)")
        }
        // A result whose problem concerns the key itself is refused.
        #expect(throws: ConfigurationError.self) {
            try ConfigurationEditor.setting("udp.port", to: "1", in: "[udp]\nport = 2\nport = 3\n")
        }
    }

    @Test("In a file with problems, one can be fixed while the others remain; none can be added")
    func fixesOneProblemAtATime() throws {
        let broken = "[mqtt]\nport = \"abc\"\nqos = 7\n"
        let fixed = try ConfigurationEditor.setting("mqtt.port", to: "1884", in: broken)
        #expect(fixed == "[mqtt]\nport = 1884\nqos = 7\n")
        let problems = ConfigurationLoader.resolve(fileText: fixed, path: nil, environment: [:]).problems
        #expect(problems.map(\.description) == ["line 3: mqtt.qos: 7 is out of range; allowed: a whole number from 0 to 1"])
        // A new key in a broken file is fine too, as long as it adds no problem.
        let added = try ConfigurationEditor.setting("mqtt.tls", to: "true", in: broken)
        #expect(added == "[mqtt]\nport = \"abc\"\nqos = 7\ntls = true\n")
    }

    @Test("Writing replaces the file atomically and keeps its mode")
    func writesKeepingMode() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("config.toml")
        try ConfigurationFile.write(original, to: path)
        #expect(chmod(path, 0o640) == 0)
        try ConfigurationFile.write("[udp]\nport = 1\n", to: path)
        var status = stat()
        #expect(stat(path, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o640)
        #expect(try ConfigurationFile.read(path) == "[udp]\nport = 1\n")
        // No temporary file is left beside it.
        let listing = try ChildProcess.run(executable: "/bin/ls", arguments: ["-A", directory.path])
        #expect(listing.standardOutput == "config.toml\n")
    }
}

extension String {
    fileprivate func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
