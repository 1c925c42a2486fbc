// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// A TOML file read line by line: its `[table]` and `[[table]]` headers,
/// its `key = value` entries with line numbers, and every syntax problem found (reading goes
/// on after a bad line, so all of them are reported at once).
///
/// The subset: tables, dotted and quoted keys, basic and literal one-line
/// strings, integers, decimals, booleans, one-line arrays, arrays of tables
/// (`[[station]]`, each header starting the next element; a `[station.calibration]`
/// after one belongs to that element) and `#` comments.
/// Multi-line strings and arrays, dates and inline tables are reported as
/// unsupported. Which tables may repeat is the reader's business (the
/// configuration allows it for `station` only).
public struct TOMLDocument: Sendable {
    /// Every `key = value` line, in file order.
    public private(set) var entries: [TOMLEntry] = []
    /// Every `[table]` and `[[table]]` header, in file order.
    public private(set) var tables: [TOMLTable] = []
    /// Syntax problems and keys or tables given twice.
    public private(set) var problems: [ConfigurationProblem] = []

    /// Reads `text`.
    public init(parsing text: String) {
        var table = ""
        var element = 0
        var firstLineOfKey = [String: Int]()
        for (offset, rawLine) in TOMLDocument.lines(of: text).enumerated() {
            let line = offset + 1
            var scanner = TOMLLineScanner(rawLine)
            var key: String?
            do {
                if scanner.atEndOrComment() { continue }
                if scanner.take("[") {
                    let header = try TOMLDocument.header(&scanner, line: line, tables: tables)
                    tables.append(header)
                    table = header.name
                    element = header.element
                    continue
                }
                let parts = try scanner.key()
                let fullKey = ((table.isEmpty ? [] : [table]) + parts).joined(separator: ".")
                key = fullKey
                guard scanner.take("=") else {
                    throw TOMLSyntaxError("= is missing after the key", allowed: "key = value")
                }
                scanner.skipWhitespace()
                let start = scanner.index
                let value = try scanner.value()
                let end = scanner.index
                try scanner.expectEndOfLine(after: "value")
                let uniqueKey = "\(element) \(fullKey)"
                if let earlier = firstLineOfKey[uniqueKey] {
                    throw TOMLSyntaxError("the key is set twice (first on line \(earlier))", allowed: "each key once")
                }
                firstLineOfKey[uniqueKey] = line
                entries.append(TOMLEntry(key: fullKey, value: value, line: line, valueColumns: start..<end, element: element))
            } catch let error as TOMLSyntaxError {
                problems.append(ConfigurationProblem(key: key, line: line, problem: error.problem, allowed: error.allowed))
            } catch {
                problems.append(ConfigurationProblem(key: key, line: line, problem: "\(error)"))
            }
        }
    }

    /// The entry for the dotted `key` (in `element` of an array of tables),
    /// if the file sets it.
    public func entry(_ key: String, element: Int = 0) -> TOMLEntry? {
        entries.first { $0.key == key && $0.element == element }
    }

    /// The header that starts `element` of table `name`, if the file has it.
    public func table(_ name: String, element: Int = 0) -> TOMLTable? {
        tables.first { $0.name == name && $0.element == element }
    }

    /// How many elements the table `name` has: 0 when absent, 1 for a single
    /// `[name]`, else the number of `[[name]]` headers.
    public func elementCount(of name: String) -> Int {
        tables.filter { $0.name == name }.count
    }

    /// A header line after its first `[`: `[name]` or `[[name]]`, checked
    /// against the headers before it (a single table once; a single table
    /// and an array of tables never under one name).
    private static func header(_ scanner: inout TOMLLineScanner, line: Int, tables: [TOMLTable]) throws -> TOMLTable {
        let isArray = scanner.take("[")
        let name = try scanner.key().joined(separator: ".")
        guard scanner.take("]"), !isArray || scanner.take("]") else {
            throw TOMLSyntaxError(
                isArray ? "the table header is not closed with ]]" : "the table header is not closed",
                allowed: isArray ? "[[section]]" : "[section]")
        }
        try scanner.expectEndOfLine(after: "table header")
        // `[station.calibration]` after `[[station]]`: a table of that
        // station's, so it belongs to the array's latest element (TOML 1.0).
        if !isArray, let parent = arrayParent(of: name, tables: tables) {
            if let first = tables.first(where: { $0.name == name && $0.element == parent.element }) {
                throw TOMLSyntaxError("the table [\(name)] appears twice in one [[\(parent.name)]] (first on line \(first.line))")
            }
            return TOMLTable(name: name, line: line, isArrayElement: false, element: parent.element)
        }
        let earlier = tables.filter { $0.name == name }
        if let first = earlier.first {
            if !isArray && !first.isArrayElement {
                throw TOMLSyntaxError("the table [\(name)] appears twice (first on line \(first.line))")
            }
            if !isArray {
                throw TOMLSyntaxError(
                    "[\(name)] follows [[\(name)]] tables (line \(first.line))",
                    allowed: "[[\(name)]] for every one of them")
            }
            if !first.isArrayElement {
                throw TOMLSyntaxError(
                    "[[\(name)]] follows a single [\(name)] table (line \(first.line))",
                    allowed: "[[\(name)]] for every one of them, the first included")
            }
        }
        return TOMLTable(name: name, line: line, isArrayElement: isArray, element: earlier.count)
    }

    /// The latest `[[parent]]` header when `name` is a table within an
    /// array of tables (`station.calibration` within `[[station]]`).
    private static func arrayParent(of name: String, tables: [TOMLTable]) -> TOMLTable? {
        guard let dot = name.lastIndex(of: ".") else { return nil }
        let parentName = String(name[..<dot])
        guard let parent = tables.last(where: { $0.name == parentName }), parent.isArrayElement else { return nil }
        return parent
    }

    /// `text` split into lines, without their `\n` or `\r\n`.
    static func lines(of text: String) -> [Substring] {
        if text.isEmpty { return [] }
        // "\r\n" is one Character, so it is a separator of its own.
        var lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        if let last = text.last, last == "\n" || last == "\r\n" { lines.removeLast() }
        return lines
    }
}
