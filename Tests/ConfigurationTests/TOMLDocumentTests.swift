// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import Testing

@Suite("TOML subset parser")
struct TOMLDocumentTests {
    @Test("Tables, dotted keys and every scalar kind, with line numbers")
    func readsScalars() {
        let document = TOMLDocument(
            parsing: """
                # a comment
                top = 1
                [mqtt]
                host = "broker.lan"   # trailing comment
                path = 'C:\\no\\escapes'
                port = 1_883
                hex = 0xFF
                octal = 0o17
                binary = 0b101
                negative = -42
                ratio = 1.5e3
                tiny = -0.25
                on = true
                off = false
                list = [1, "two", 3.0, [true], ]
                "quoted key" = "x"
                nested.key = 7
                """)
        #expect(document.problems.isEmpty, "\(document.problems)")
        func value(_ key: String) -> TOMLValue? { document.entry(key)?.value }
        #expect(value("top") == .integer(1))
        #expect(value("mqtt.host") == .string("broker.lan"))
        #expect(document.entry("mqtt.host")?.line == 4)
        #expect(value("mqtt.path") == .string("C:\\no\\escapes"))
        #expect(value("mqtt.port") == .integer(1883))
        #expect(value("mqtt.hex") == .integer(255))
        #expect(value("mqtt.octal") == .integer(15))
        #expect(value("mqtt.binary") == .integer(5))
        #expect(value("mqtt.negative") == .integer(-42))
        #expect(value("mqtt.ratio") == .float(1500))
        #expect(value("mqtt.tiny") == .float(-0.25))
        #expect(value("mqtt.on") == .boolean(true))
        #expect(value("mqtt.off") == .boolean(false))
        #expect(value("mqtt.list") == .array([.integer(1), .string("two"), .float(3), .array([.boolean(true)])]))
        #expect(value("mqtt.quoted key") == .string("x"))
        #expect(value("mqtt.nested.key") == .integer(7))
        #expect(document.tables == [TOMLTable(name: "mqtt", line: 3)])
    }

    @Test("Basic string escapes, including Unicode ones, and a # inside a string")
    func readsEscapes() {
        let document = TOMLDocument(parsing: #"a = "tab\tquote\" back\\ e\u00E9 \U0001F600 #not a comment""#)
        #expect(document.problems.isEmpty)
        #expect(document.entry("a")?.value == .string("tab\tquote\" back\\ e\u{E9} \u{1F600} #not a comment"))
    }

    @Test("Windows line endings and a missing final newline")
    func readsCRLF() {
        let document = TOMLDocument(parsing: "[udp]\r\nport = 1\r\naddress = \"x\"")
        #expect(document.problems.isEmpty)
        #expect(document.entry("udp.port")?.line == 2)
        #expect(document.entry("udp.address")?.line == 3)
    }

    @Test(
        "Each syntax error is reported with its line, and reading goes on",
        arguments: [
            ("a = \"open", "the string is not closed on this line"),
            ("a = 'open", "the string is not closed on this line"),
            ("a = \"\\q\"", "\\q is not a known escape"),
            ("a = \"\\u12\"", "\\u12\" is not a valid Unicode escape"),
            ("a = ", "a value is missing after ="),
            ("a 1", "= is missing after the key"),
            ("a = [1, 2", "the array is not closed on this line"),
            ("a = [1 2]", "expected , or ] in the array, found '2'"),
            ("a = 1 2", "unexpected '2' after the value"),
            ("a = 01", "01 has a leading zero"),
            ("a = 1__0", "1__0 has a _ that is not between two digits"),
            ("a = 99999999999999999999", "99999999999999999999 is not a whole number that fits in 64 bits"),
            ("a = 1.", "1. is not a valid number"),
            ("a = 2024-07-13", "dates and times are not supported (2024-07-13)"),
            ("a = localhost", "localhost is not a value; text must be in quotes"),
            ("a = \"\"\"x\"\"\"", "multi-line strings (\"\"\") are not supported"),
            ("[[servers]", "the table header is not closed with ]]"),
            ("[mqtt", "the table header is not closed"),
            ("= 3", "expected a key, found '='"),
        ])
    func reportsSyntaxErrors(line: String, problem: String) {
        let document = TOMLDocument(parsing: "ok = 1\n\(line)\nafter = 2\n")
        #expect(document.problems.count == 1)
        #expect(document.problems.first?.line == 2)
        #expect(document.problems.first?.problem == problem)
        #expect(document.entry("after")?.value == .integer(2))
    }

    @Test("A key or table given twice names the first line")
    func reportsDuplicates() {
        let document = TOMLDocument(parsing: "[a]\nx = 1\nx = 2\n[b]\n[a]\n")
        #expect(
            document.problems.map(\.description) == [
                "line 3: a.x: the key is set twice (first on line 2); allowed: each key once",
                "line 5: the table [a] appears twice (first on line 1)",
            ])
    }

    @Test("Arrays of tables: each [[name]] header starts the next element; mixing [name] and [[name]] is refused")
    func arraysOfTables() {
        let document = TOMLDocument(parsing: "[[s]]\nx = 1\n[m]\ny = 2\n[[s]] # second\nx = 3\n")
        #expect(document.problems.isEmpty, "\(document.problems)")
        #expect(document.elementCount(of: "s") == 2)
        #expect(document.entry("s.x")?.value == .integer(1))
        #expect(document.entry("s.x", element: 1)?.value == .integer(3))
        #expect(document.entry("s.x", element: 1)?.line == 6)
        #expect(document.table("s", element: 1)?.line == 5)
        let mixed = TOMLDocument(parsing: "[s]\nx = 1\n[[s]]\ny = 2\n[[t]]\n[t]\n")
        #expect(
            mixed.problems.map(\.description) == [
                "line 3: [[s]] follows a single [s] table (line 1); allowed: [[s]] for every one of them, the first included",
                "line 6: [t] follows [[t]] tables (line 5); allowed: [[t]] for every one of them",
            ])
    }

    @Test("Values render back as TOML that reads the same")
    func roundTrips() {
        let values: [TOMLValue] = [
            .string("a \"b\" \\ \n\t\u{1}"), .integer(-5), .float(2.5), .float(1e20), .boolean(true),
            .array([.integer(1), .string("x")]),
        ]
        for value in values {
            let document = TOMLDocument(parsing: "k = \(value.tomlText)")
            #expect(document.problems.isEmpty, "\(value.tomlText)")
            #expect(document.entry("k")?.value == value)
        }
    }
}
