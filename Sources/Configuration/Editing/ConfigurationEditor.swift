// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Changes one key in a configuration file's text and leaves every other
/// line (comments included) as it was.
public enum ConfigurationEditor {
    /// `fileText` with `keyPath` set to `text` (written as on the command
    /// line: no quotes needed). An existing line keeps its indentation and
    /// trailing comment; a new line goes under its section, right after a
    /// commented-out example of the key if there is one (`# port = 1883`),
    /// and a missing section is added at the end.
    ///
    /// Throws for an unknown key, a value the key does not allow, or a
    /// result with a problem that the text did not have before or that
    /// concerns this key (so an edit never makes a file worse, and one
    /// problem of a broken file can be fixed at a time).
    ///
    /// `station[2].elevation` names a key of the second `[[station]]`
    /// table (`station.elevation` is the first station's);
    /// ``appendingStation(_:to:)`` adds a station.
    public static func setting(_ keyPath: String, to text: String, in fileText: String) throws -> String {
        let (path, element) = stationElement(of: keyPath)
        guard let key = ConfigurationSchema.key(path), element == 0 || key.section == ConfigurationLoader.stationSection else {
            throw ConfigurationError.unknownKey(keyPath)
        }
        let value = try checkedValue(key, text)
        let document = TOMLDocument(parsing: fileText)
        let count = document.elementCount(of: key.section)
        guard element < max(1, count) else {
            throw ConfigurationError.invalid(
                path: nil,
                problems: [
                    ConfigurationProblem(
                        key: keyPath, problem: "the file names \(max(1, count)) " + (count > 1 ? "stations" : "station"),
                        allowed: "station[1] to station[\(max(1, count))]; `tempest-gateway select --add ID` adds a station")
                ])
        }
        var lines = TOMLDocument.lines(of: fileText).map(String.init)
        if let entry = document.entry(key.path, element: element) {
            var scalars = Array(lines[entry.line - 1].unicodeScalars)
            scalars.replaceSubrange(entry.valueColumns, with: value.tomlText.unicodeScalars)
            lines[entry.line - 1] = String(String.UnicodeScalarView(scalars))
        } else if key.table.name != key.section, let header = document.table(key.table.name, element: element) {
            // A sub-table's key goes into its own table when the file has one (`[station.calibration]`).
            let newLine = "\(key.table.key) = \(value.tomlText)"
            lines.insert(newLine, at: insertionIndex(for: key.table.key, under: header, in: lines, document: document))
        } else {
            let newLine = "\(key.name) = \(value.tomlText)"
            if let header = document.table(key.section, element: element) {
                lines.insert(newLine, at: insertionIndex(for: key.name, under: header, in: lines, document: document))
            } else {
                if let last = lines.last, !last.allSatisfy({ $0 == " " || $0 == "\t" }) { lines.append("") }
                lines += ["[\(key.section)]", newLine]
            }
        }
        let result = lines.joined(separator: "\n") + "\n"
        try checkNoProblemAdded(before: fileText, after: result, keys: [keyPath, key.path, ConfigurationLoader.stationLabel(key, element: element)])
        return result
    }

    /// `value` checked against `key`'s rule, or an error naming the key.
    static func checkedValue(_ key: ConfigurationKey, _ text: String) throws -> TOMLValue {
        switch key.rule.check(key.rule.value(fromText: text)) {
        case .success(let checked): return checked
        case .failure(let violation):
            throw ConfigurationError.invalid(
                path: nil, problems: [ConfigurationProblem(key: key.path, problem: violation.problem, allowed: key.rule.allowed)])
        }
    }

    /// Throws when `after` has a problem that `before` did not have, or one
    /// that concerns one of `keys`.
    static func checkNoProblemAdded(before: String, after: String, keys: Set<String>) throws {
        let earlier = problems(of: before).map(signature)
        let added = problems(of: after).filter { keys.contains($0.key ?? "") || !earlier.contains(signature($0)) }
        guard added.isEmpty else { throw ConfigurationError.invalid(path: nil, problems: added) }
    }

    /// `station[2].elevation` as (`station.elevation`, 1); any other path as (path, 0).
    static func stationElement(of keyPath: String) -> (path: String, element: Int) {
        guard let open = keyPath.firstIndex(of: "["), let close = keyPath.firstIndex(of: "]"), open < close,
            let number = Int(keyPath[keyPath.index(after: open)..<close]), number >= 1
        else { return (keyPath, 0) }
        return (String(keyPath[..<open]) + String(keyPath[keyPath.index(after: close)...]), number - 1)
    }

    static func problems(of text: String) -> [ConfigurationProblem] {
        ConfigurationLoader.resolve(fileText: text, path: nil, environment: [:]).problems
    }

    /// A problem without its line, which an inserted line may shift.
    private static func signature(_ problem: ConfigurationProblem) -> String {
        [problem.key ?? "", problem.problem, problem.allowed ?? ""].joined(separator: "\u{0}")
    }

    /// Where a new line for the key `name` goes: after its commented-out
    /// example in the table, else after the table's last entry, else right
    /// after the header. (Indices are 0-based; line numbers 1-based.)
    private static func insertionIndex(
        for name: String, under header: TOMLTable, in lines: [String], document: TOMLDocument
    ) -> Int {
        let nextHeader = document.tables.first { $0.line > header.line }?.line ?? lines.count + 1
        let sectionLines = header.line..<(nextHeader - 1)  // 0-based indices of the lines after the header
        if let example = sectionLines.first(where: { isCommentedExample(lines[$0], name: name) }) {
            return example + 1
        }
        let lastEntry = document.entries.filter { sectionLines.contains($0.line - 1) }.map(\.line).max()
        return lastEntry ?? header.line
    }

    /// Whether `line` is a comment such as `# port = 1883` for `name`.
    private static func isCommentedExample(_ line: String, name: String) -> Bool {
        var rest = Substring(line).drop { $0 == " " || $0 == "\t" }
        guard rest.first == "#" else { return false }
        rest = rest.drop { $0 == "#" || $0 == " " || $0 == "\t" }
        guard rest.hasPrefix(name) else { return false }
        rest = rest.dropFirst(name.count).drop { $0 == " " || $0 == "\t" }
        return rest.first == "="
    }
}
