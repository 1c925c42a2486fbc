// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Builds a ``LoadedConfiguration`` from the embedded defaults, a file and
/// the environment. Later sources win: default, then file, then
/// environment (command-line options, applied by the caller, win over all).
public enum ConfigurationLoader {
    /// The file read when no `--config` is given. Its absence is fine.
    public static let defaultPath = "/etc/tempest-gateway/config.toml"

    /// Reads `explicitPath` (which must exist) or the default file (which
    /// may not), then applies `environment`. Throws only when the file is
    /// missing or unreadable; problems with its content are in the result.
    public static func load(explicitPath: String?, environment: [String: String]) throws -> LoadedConfiguration {
        let path = explicitPath ?? defaultPath
        guard let text = try ConfigurationFile.read(path) else {
            if explicitPath != nil { throw ConfigurationError.fileNotFound(path: path) }
            return resolve(fileText: nil, path: nil, environment: environment)
        }
        return resolve(fileText: text, path: path, environment: environment)
    }

    /// Resolves every key from `fileText` (nil: no file) and `environment`.
    public static func resolve(fileText: String?, path: String?, environment: [String: String]) -> LoadedConfiguration {
        var values = [String: (TOMLValue, SettingOrigin)]()
        // The second and later `[[station]]` tables; the first one's keys are in `values`.
        var laterStations = [[String: (TOMLValue, SettingOrigin)]]()
        // Each list section's tables, in file order (`[[export]]`).
        var listElements = [String: [[String: (TOMLValue, SettingOrigin)]]]()
        var problems = [ConfigurationProblem]()
        var setsNoKey = false
        var stationsRepeat = false
        if let fileText {
            let document = TOMLDocument(parsing: fileText)
            setsNoKey = document.entries.isEmpty && document.problems.isEmpty
            problems += document.problems
            problems += sectionProblems(document)
            stationsRepeat = document.tables.contains { $0.name == stationSection && $0.isArrayElement }
            let stationCount = max(1, document.elementCount(of: stationSection))
            laterStations = Array(repeating: [:], count: stationCount - 1)
            for section in ConfigurationSchema.listSections {
                listElements[section] = Array(repeating: [:], count: document.elementCount(of: section))
            }
            let sections = ConfigurationSchema.sections
            for entry in document.entries {
                guard let key = ConfigurationSchema.key(entry.key) else {
                    // Keys of an unknown section are covered by its header's problem.
                    let section = entry.key.split(separator: ".").first.map(String.init) ?? ""
                    if document.tables.contains(where: { $0.name == section }) && !sections.contains(section) { continue }
                    problems.append(ConfigurationSchema.unknownKeyProblem(entry.key, line: entry.line, variable: nil))
                    continue
                }
                let isListKey = ConfigurationSchema.listSections.contains(key.section)
                // A repeated section other than [[station]] has its header's problem.
                if entry.element > 0 && key.section != stationSection && !isListKey { continue }
                let label =
                    isListKey
                    ? listLabel(key, element: entry.element)
                    : stationsRepeat && key.section == stationSection ? stationLabel(key, element: entry.element) : key.path
                switch key.rule.check(entry.value) {
                case .success(let value):
                    if isListKey {
                        listElements[key.section]?[entry.element][key.path] = (value, .file(line: entry.line))
                    } else if entry.element == 0 {
                        values[key.path] = (value, .file(line: entry.line))
                    } else {
                        laterStations[entry.element - 1][key.path] = (value, .file(line: entry.line))
                    }
                case .failure(let violation):
                    problems.append(
                        ConfigurationProblem(key: label, line: entry.line, problem: violation.problem, allowed: key.rule.allowed))
                }
            }
        }
        for name in environment.keys.sorted() where name.hasPrefix(ConfigurationKey.environmentPrefix) {
            let text = environment[name]!
            guard let key = ConfigurationSchema.key(environmentVariable: name) else {
                // MQTT_PASSWORD as mqtt.password, so a secret gets its own advice.
                let rest = name.dropFirst(ConfigurationKey.environmentPrefix.count).lowercased()
                let section = ConfigurationSchema.sections.first { rest.hasPrefix($0 + "_") }
                let path = section.map { $0 + "." + rest.dropFirst($0.count + 1) } ?? rest
                var problem = ConfigurationSchema.unknownKeyProblem(path, line: nil, variable: name)
                problem.key = nil
                if problem.problem == "unknown key" {
                    problem.problem = "not a known variable"
                    problem.allowed = "TEMPEST_GATEWAY_<SECTION>_<KEY>, upper-case, for a key that `config show` lists"
                }
                problems.append(problem)
                continue
            }
            switch key.rule.check(key.rule.value(fromText: text)) {
            case .success(let value): values[key.path] = (value, .environment(variable: name))
            case .failure(let violation):
                problems.append(
                    ConfigurationProblem(key: key.path, variable: name, problem: violation.problem, allowed: key.rule.allowed))
            }
        }
        let lists = listSettings(listElements, problems: &problems)
        problems += exportProblems(lists["export"] ?? [])
        let settings = ConfigurationSchema.keys.filter { !ConfigurationSchema.listSections.contains($0.section) }.map { key in
            let (value, origin) = values[key.path] ?? (key.defaultValue, .defaultValue)
            return ResolvedSetting(key: key, value: value, origin: origin)
        }
        let stationKeys = ConfigurationSchema.keys.filter { $0.section == stationSection }
        let stations = [settings.filter { $0.key.section == stationSection }]
            + laterStations.enumerated().map { index, values in
                stationKeys.map { key in
                    let (value, origin) = values[key.path] ?? (key.defaultValue, .defaultValue)
                    return ResolvedSetting(key: key, value: value, origin: origin, element: index + 1)
                }
            }
        problems += uploadProblems(lists["upload"] ?? [], stationCount: stations.count)
        if stations.count > 1 {
            problems += sharedDeviceProblems(stations, repeating: stationsRepeat)
        }
        return LoadedConfiguration(
            path: path, settings: settings, problems: problems, setsNoKey: setsNoKey, stations: stations, lists: lists)
    }

    /// Every list section's tables as settings, with a problem for each
    /// required key a table lacks.
    private static func listSettings(
        _ elements: [String: [[String: (TOMLValue, SettingOrigin)]]], problems: inout [ConfigurationProblem]
    ) -> [String: [[ResolvedSetting]]] {
        var lists = [String: [[ResolvedSetting]]]()
        for section in ConfigurationSchema.listSections {
            let keys = ConfigurationSchema.keys.filter { $0.section == section }
            lists[section] = (elements[section] ?? []).enumerated().map { index, values in
                keys.map { key in
                    let (value, origin) = values[key.path] ?? (key.defaultValue, .defaultValue)
                    let label = listLabel(key, element: index)
                    // A required key given with a bad value has its problem already.
                    if value == nil, key.defaultNote == "required", !problems.contains(where: { $0.key == label }) {
                        problems.append(
                            ConfigurationProblem(
                                key: label, problem: "missing: every [[\(section)]] needs one",
                                allowed: key.rule.allowed))
                    }
                    return ResolvedSetting(key: key, value: value, origin: origin, element: index)
                }
            }
        }
        return lists
    }

    /// What `[[export]]` tables say that cannot work together: a token and
    /// a user at once, a password without a user, and two tables writing
    /// to one URL (each destination keeps its position under its URL).
    private static func exportProblems(_ tables: [[ResolvedSetting]]) -> [ConfigurationProblem] {
        var problems = [ConfigurationProblem]()
        var firstTableOfURL = [String: Int]()
        for (index, settings) in tables.enumerated() {
            func setting(_ name: String) -> ResolvedSetting? {
                settings.first { $0.key.name == name && $0.value != nil }
            }
            if let token = setting("token_file"), setting("user") != nil {
                problems.append(
                    ConfigurationProblem(
                        key: token.label, line: token.origin.line, problem: "a token and a user at once",
                        allowed: "token_file (InfluxDB 2 and 3), or user with password_file (Basic), not both"))
            }
            if let password = setting("password_file"), setting("user") == nil {
                problems.append(
                    ConfigurationProblem(
                        key: password.label, line: password.origin.line, problem: "a password without a user",
                        allowed: "user = \"…\" in the same [[export]] table"))
            }
            if let url = setting("url"), case .string(let text)? = url.value {
                if let first = firstTableOfURL[text] {
                    problems.append(
                        ConfigurationProblem(
                            key: url.label, line: url.origin.line, problem: "the same URL as export[\(first + 1)].url",
                            allowed: "one [[export]] table per destination"))
                } else {
                    firstTableOfURL[text] = index
                }
            }
        }
        return problems
    }

    /// `export[1].url`: a list section's key with its 1-based table number.
    static func listLabel(_ key: ConfigurationKey, element: Int) -> String {
        "\(key.section)[\(element + 1)].\(key.name)"
    }

    /// The section that may repeat as `[[station]]`, one table per station.
    static let stationSection = "station"

    /// `station[2].elevation`: a station key with its 1-based station number.
    static func stationLabel(_ key: ConfigurationKey, element: Int) -> String {
        "\(key.section)[\(element + 1)].\(key.name)"
    }

    /// Unknown sections, and sections other than `station` given as `[[...]]`.
    private static func sectionProblems(_ document: TOMLDocument) -> [ConfigurationProblem] {
        let sections = ConfigurationSchema.sections
        var problems = [ConfigurationProblem]()
        for table in document.tables {
            if !sections.contains(table.name) && !ConfigurationSchema.subtables.contains(table.name) {
                problems.append(
                    ConfigurationProblem(
                        line: table.line, problem: "[\(table.name)] is not a known section",
                        allowed: sections.map { ConfigurationSchema.listSections.contains($0) ? "[[\($0)]]" : "[\($0)]" }
                            .joined(separator: ", ")))
            } else if ConfigurationSchema.listSections.contains(table.name) && !table.isArrayElement {
                problems.append(
                    ConfigurationProblem(
                        line: table.line, problem: "[\(table.name)] is a list: each destination is its own [[\(table.name)]] table",
                        allowed: "[[\(table.name)]]"))
            } else if table.isArrayElement && table.name != stationSection && !ConfigurationSchema.listSections.contains(table.name) {
                problems.append(
                    ConfigurationProblem(
                        line: table.line, problem: "[[\(table.name)]] repeats a section the gateway has once",
                        allowed: "[\(table.name)]; only " + ([stationSection] + ConfigurationSchema.listSections).map { "[[\($0)]]" }.joined(separator: ", ") + " repeat"))
            }
        }
        return problems
    }

    /// Two stations naming the same device serial or the same station id.
    private static func sharedDeviceProblems(
        _ stations: [[ResolvedSetting]], repeating: Bool
    ) -> [ConfigurationProblem] {
        var problems = [ConfigurationProblem]()
        // The first station (index) to name each serial (`ST-…`) or station id (`#123`).
        var owners = [String: Int]()
        for (index, settings) in stations.enumerated() {
            for setting in settings {
                let claims: [(name: String, problem: String, allowed: String)]
                switch (setting.key.name, setting.value) {
                case ("serials", .array(let elements)?):
                    claims = elements.compactMap { element in
                        guard case .string(let serial) = element else { return nil }
                        return (serial, "\(serial) is also a device of", "each device serial in one station")
                    }
                case ("station_id", .integer(let id)?):
                    claims = [("#\(id)", "station \(id) is also", "each station_id once")]
                default:
                    claims = []
                }
                for claim in claims {
                    guard let owner = owners[claim.name], owner != index else {
                        owners[claim.name] = index
                        continue
                    }
                    problems.append(
                        ConfigurationProblem(
                            key: repeating ? stationLabel(setting.key, element: index) : setting.key.path,
                            line: setting.origin.line, variable: setting.origin.variable,
                            problem: "\(claim.problem) station[\(owner + 1)]", allowed: claim.allowed))
                }
            }
        }
        return problems
    }
}
