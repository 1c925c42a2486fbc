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
    public static func setting(_ keyPath: String, to text: String, in fileText: String) throws -> String {
        guard let key = ConfigurationSchema.key(keyPath) else { throw ConfigurationError.unknownKey(keyPath) }
        let value: TOMLValue
        switch key.rule.check(key.rule.value(fromText: text)) {
        case .success(let checked): value = checked
        case .failure(let violation):
            throw ConfigurationError.invalid(
                path: nil, problems: [ConfigurationProblem(key: key.path, problem: violation.problem, allowed: key.rule.allowed)])
        }
        let document = TOMLDocument(parsing: fileText)
        var lines = TOMLDocument.lines(of: fileText).map(String.init)
        if let entry = document.entry(key.path) {
            var scalars = Array(lines[entry.line - 1].unicodeScalars)
            scalars.replaceSubrange(entry.valueColumns, with: value.tomlText.unicodeScalars)
            lines[entry.line - 1] = String(String.UnicodeScalarView(scalars))
        } else {
            let newLine = "\(key.name) = \(value.tomlText)"
            if let header = document.tables.first(where: { $0.name == key.section }) {
                lines.insert(newLine, at: insertionIndex(for: key, under: header, in: lines, document: document))
            } else {
                if let last = lines.last, !last.allSatisfy({ $0 == " " || $0 == "\t" }) { lines.append("") }
                lines += ["[\(key.section)]", newLine]
            }
        }
        let result = lines.joined(separator: "\n") + "\n"
        let before = problems(of: fileText).map(signature)
        let added = problems(of: result).filter { $0.key == key.path || !before.contains(signature($0)) }
        guard added.isEmpty else { throw ConfigurationError.invalid(path: nil, problems: added) }
        return result
    }

    private static func problems(of text: String) -> [ConfigurationProblem] {
        ConfigurationLoader.resolve(fileText: text, path: nil, environment: [:]).problems
    }

    /// A problem without its line, which an inserted line may shift.
    private static func signature(_ problem: ConfigurationProblem) -> String {
        [problem.key ?? "", problem.problem, problem.allowed ?? ""].joined(separator: "\u{0}")
    }

    /// Where a new line for `key` goes: after its commented-out example in
    /// the section, else after the section's last entry, else right after
    /// the header. (Indices are 0-based; line numbers 1-based.)
    private static func insertionIndex(
        for key: ConfigurationKey, under header: TOMLTable, in lines: [String], document: TOMLDocument
    ) -> Int {
        let nextHeader = document.tables.first { $0.line > header.line }?.line ?? lines.count + 1
        let sectionLines = header.line..<(nextHeader - 1)  // 0-based indices of the lines after the header
        if let example = sectionLines.first(where: { isCommentedExample(lines[$0], name: key.name) }) {
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
