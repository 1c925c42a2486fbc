// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension ConfigurationEditor {
    /// `fileText` with one more table of the list section `section`
    /// (`[[upload]]`, `[[export]]`), whose keys are `settings` (dotted
    /// paths such as `upload.service`, values as on the command line).
    ///
    /// The new table goes right after the section's last table (before the
    /// comments that lead into the next table), else at the end of the
    /// file; every other line, comments included, stays as it was. Throws
    /// for a section that is not a list section, a key of another section,
    /// a value the key does not allow, and a table that would add a problem
    /// (a missing required key, one destination twice).
    public static func appendingTable(_ section: String, _ settings: [(key: String, value: String)], to fileText: String) throws -> String {
        guard ConfigurationSchema.listSections.contains(section) else { throw ConfigurationError.unknownKey("[[\(section)]]") }
        var newLines = ["[[\(section)]]"]
        var keys = [ConfigurationKey]()
        for setting in settings {
            guard let key = ConfigurationSchema.key(setting.key), key.section == section else {
                throw ConfigurationError.unknownKey(setting.key)
            }
            newLines.append("\(key.name) = \(try checkedValue(key, setting.value).tomlText)")
            keys.append(key)
        }
        let document = TOMLDocument(parsing: fileText)
        var lines = TOMLDocument.lines(of: fileText).map(String.init)
        let index = listInsertionIndex(section, in: lines, document: document)
        if index > 0, !isBlank(lines[index - 1]) { newLines.insert("", at: 0) }
        if index < lines.count, !isBlank(lines[index]) { newLines.append("") }
        lines.insert(contentsOf: newLines, at: index)
        let result = lines.joined(separator: "\n") + "\n"
        let element = document.elementCount(of: section)
        try checkNoProblemAdded(
            before: fileText, after: result, keys: Set(keys.map { ConfigurationLoader.listLabel($0, element: element) }))
        return result
    }

    /// Where a new table of `section` goes (a 0-based line index): after
    /// the last line of the section's last table, leaving the blank lines
    /// and the comment right above the next header with that header; the
    /// end of the file when the section has no table or its last table is
    /// the file's last.
    private static func listInsertionIndex(_ section: String, in lines: [String], document: TOMLDocument) -> Int {
        guard let last = document.tables.last(where: { $0.name == section }),
            let next = document.tables.first(where: { $0.line > last.line })
        else { return lines.count }
        var index = next.line - 1  // the next header's 0-based index
        while index > last.line, isComment(lines[index - 1]) { index -= 1 }
        while index > last.line, isBlank(lines[index - 1]) { index -= 1 }
        return index
    }

    private static func isBlank(_ line: String) -> Bool {
        line.allSatisfy { $0 == " " || $0 == "\t" }
    }

    private static func isComment(_ line: String) -> Bool {
        line.drop { $0 == " " || $0 == "\t" }.first == "#"
    }
}
