// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension ConfigurationEditor {
    /// `fileText` with one more station, whose `station.*` keys are
    /// `settings` (values as on the command line).
    ///
    /// A file without a station table gets a `[station]` table (its only
    /// station); a file with one `[station]` table has that header turned
    /// into `[[station]]` (its keys and comments stay) and a new
    /// `[[station]]` table appended at the end. Throws like
    /// ``setting(_:to:in:)``, also when the new station repeats a serial or
    /// station id of another.
    public static func appendingStation(_ settings: [(key: String, value: String)], to fileText: String) throws -> String {
        let section = ConfigurationLoader.stationSection
        let document = TOMLDocument(parsing: fileText)
        guard document.elementCount(of: section) > 0 else {
            var text = fileText
            for pair in settings { text = try setting(pair.key, to: pair.value, in: text) }
            return text
        }
        var newLines = ["[[\(section)]]"]
        for setting in settings {
            guard let key = ConfigurationSchema.key(setting.key), key.section == section else {
                throw ConfigurationError.unknownKey(setting.key)
            }
            newLines.append("\(key.name) = \(try checkedValue(key, setting.value).tomlText)")
        }
        var lines = TOMLDocument.lines(of: fileText).map(String.init)
        if let single = document.table(section), !single.isArrayElement {
            lines[single.line - 1] = arrayHeader(lines[single.line - 1], name: section)
        }
        if let last = lines.last, !last.allSatisfy({ $0 == " " || $0 == "\t" }) { lines.append("") }
        let result = (lines + newLines).joined(separator: "\n") + "\n"
        let element = document.elementCount(of: section)
        let labels = settings.compactMap { ConfigurationSchema.key($0.key) }.map { ConfigurationLoader.stationLabel($0, element: element) }
        try checkNoProblemAdded(before: fileText, after: result, keys: Set(labels))
        return result
    }

    /// A `[name]` header line as `[[name]]`, with its indentation and comment kept.
    private static func arrayHeader(_ line: String, name: String) -> String {
        guard let open = line.firstIndex(of: "["), let close = line.firstIndex(of: "]") else { return "[[\(name)]]" }
        return String(line[..<open]) + "[[\(name)]]" + String(line[line.index(after: close)...])
    }
}
