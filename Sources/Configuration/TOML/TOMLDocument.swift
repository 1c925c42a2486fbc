// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// A TOML file read line by line: its `[table]` headers, its `key = value`
/// entries with line numbers, and every syntax problem found (reading goes
/// on after a bad line, so all of them are reported at once).
///
/// The subset: tables, dotted and quoted keys, basic and literal one-line
/// strings, integers, decimals, booleans, one-line arrays and `#` comments.
/// Multi-line strings and arrays, dates and arrays of tables are reported
/// as unsupported.
public struct TOMLDocument: Sendable {
    /// Every `key = value` line, in file order.
    public private(set) var entries: [TOMLEntry] = []
    /// Every `[table]` header, in file order.
    public private(set) var tables: [TOMLTable] = []
    /// Syntax problems and keys or tables given twice.
    public private(set) var problems: [ConfigurationProblem] = []

    /// Reads `text`.
    public init(parsing text: String) {
        var table = ""
        var firstLineOfKey = [String: Int]()
        for (offset, rawLine) in TOMLDocument.lines(of: text).enumerated() {
            let line = offset + 1
            var scanner = TOMLLineScanner(rawLine)
            var key: String?
            do {
                if scanner.atEndOrComment() { continue }
                if scanner.take("[") {
                    if scanner.isNext("[") {
                        throw TOMLSyntaxError("arrays of tables ([[...]]) are not supported", allowed: "[section] headers")
                    }
                    let name = try scanner.key().joined(separator: ".")
                    guard scanner.take("]") else {
                        throw TOMLSyntaxError("the table header is not closed", allowed: "[section]")
                    }
                    try scanner.expectEndOfLine(after: "table header")
                    if let earlier = tables.first(where: { $0.name == name }) {
                        throw TOMLSyntaxError("the table [\(name)] appears twice (first on line \(earlier.line))")
                    }
                    tables.append(TOMLTable(name: name, line: line))
                    table = name
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
                if let earlier = firstLineOfKey[fullKey] {
                    throw TOMLSyntaxError("the key is set twice (first on line \(earlier))", allowed: "each key once")
                }
                firstLineOfKey[fullKey] = line
                entries.append(TOMLEntry(key: fullKey, value: value, line: line, valueColumns: start..<end))
            } catch let error as TOMLSyntaxError {
                problems.append(ConfigurationProblem(key: key, line: line, problem: error.problem, allowed: error.allowed))
            } catch {
                problems.append(ConfigurationProblem(key: key, line: line, problem: "\(error)"))
            }
        }
    }

    /// The entry for the dotted `key`, if the file sets it.
    public func entry(_ key: String) -> TOMLEntry? {
        entries.first { $0.key == key }
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
