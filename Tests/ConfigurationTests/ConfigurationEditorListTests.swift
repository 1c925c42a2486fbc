// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import Testing

/// `ConfigurationEditor.appendingTable`: one more `[[upload]]` or
/// `[[export]]` table, every other line kept.
@Suite("Editing: appending [[upload]] and [[export]] tables")
struct ConfigurationEditorListTests {
    private func resolve(_ text: String) -> LoadedConfiguration {
        ConfigurationLoader.resolve(fileText: text, path: nil, environment: [:])
    }

    private let wunderground = [("upload.service", "wunderground"), ("upload.id", "KCASANFR123"), ("upload.key_file", "/etc/tempest-gateway/upload-wunderground-key")]

    @Test("A file without the section gets the table at its end, after a blank line; an empty file gets only the table")
    func appendsAtEnd() throws {
        let original = "# my gateway\n[mqtt]\nhost = \"broker.lan\"  # the attic\n"
        let edited = try ConfigurationEditor.appendingTable("upload", wunderground, to: original)
        #expect(
            edited == original + "\n[[upload]]\nservice = \"wunderground\"\nid = \"KCASANFR123\"\n"
                + "key_file = \"/etc/tempest-gateway/upload-wunderground-key\"\n")
        let loaded = resolve(edited)
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        #expect(loaded.configuration.uploads.map(\.id) == ["KCASANFR123"])
        #expect(loaded.configuration.mqtt.host == "broker.lan")

        let empty = try ConfigurationEditor.appendingTable("upload", [("upload.service", "cwop"), ("upload.id", "CW1234")], to: "")
        #expect(empty == "[[upload]]\nservice = \"cwop\"\nid = \"CW1234\"\n")
    }

    @Test("A second table goes after the section's last table, before the comment that leads into the next section")
    func appendsAfterLastTable() throws {
        let original = """
            [[upload]]
            service = "wunderground"
            id = "KCASANFR123"
            # interval_seconds = 60

            # The broker, in the attic
            [mqtt]
            host = "broker.lan"

            """
        let edited = try ConfigurationEditor.appendingTable(
            "upload", [("upload.service", "cwop"), ("upload.id", "CW1234"), ("upload.station", "1")], to: original)
        #expect(
            edited == """
                [[upload]]
                service = "wunderground"
                id = "KCASANFR123"
                # interval_seconds = 60

                [[upload]]
                service = "cwop"
                id = "CW1234"
                station = 1

                # The broker, in the attic
                [mqtt]
                host = "broker.lan"

                """)
        let loaded = resolve(edited)
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        #expect(loaded.configuration.uploads.map(\.service) == [.wunderground, .cwop])
        #expect(loaded.configuration.mqtt.host == "broker.lan")
    }

    @Test("[[export]] tables are appended the same way")
    func appendsExport() throws {
        let edited = try ConfigurationEditor.appendingTable("export", [("export.url", "http://127.0.0.1:8428/write")], to: "[[export]]\nurl = \"http://127.0.0.1:8086/write?db=a\"\n")
        #expect(edited == "[[export]]\nurl = \"http://127.0.0.1:8086/write?db=a\"\n\n[[export]]\nurl = \"http://127.0.0.1:8428/write\"\n")
        #expect(resolve(edited).configuration.exports.count == 2)
    }

    @Test("Refused: a section that is not a list, a key of another section, a bad value, a missing id, one destination twice")
    func refuses() throws {
        #expect(throws: ConfigurationError.self) { try ConfigurationEditor.appendingTable("mqtt", [("mqtt.host", "b")], to: "") }
        #expect(throws: ConfigurationError.self) { try ConfigurationEditor.appendingTable("upload", [("mqtt.host", "b")], to: "") }
        #expect(throws: ConfigurationError.self) {
            try ConfigurationEditor.appendingTable("upload", [("upload.service", "myweather"), ("upload.id", "X")], to: "")
        }
        #expect(throws: ConfigurationError.self) { try ConfigurationEditor.appendingTable("upload", [("upload.service", "windy")], to: "") }
        let once = try ConfigurationEditor.appendingTable("upload", wunderground, to: "")
        #expect(throws: ConfigurationError.self) { try ConfigurationEditor.appendingTable("upload", wunderground, to: once) }
        // A station the file does not have.
        #expect(throws: ConfigurationError.self) {
            try ConfigurationEditor.appendingTable("upload", [("upload.service", "cwop"), ("upload.id", "CW1"), ("upload.station", "2")], to: once)
        }
    }
}
