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
        var problems = [ConfigurationProblem]()
        var setsNoKey = false
        if let fileText {
            let document = TOMLDocument(parsing: fileText)
            setsNoKey = document.entries.isEmpty && document.problems.isEmpty
            problems += document.problems
            let sections = ConfigurationSchema.sections
            for table in document.tables where !sections.contains(table.name) {
                problems.append(
                    ConfigurationProblem(
                        line: table.line, problem: "[\(table.name)] is not a known section",
                        allowed: sections.map { "[\($0)]" }.joined(separator: ", ")))
            }
            for entry in document.entries {
                guard let key = ConfigurationSchema.key(entry.key) else {
                    // Keys of an unknown section are covered by its header's problem.
                    let section = entry.key.split(separator: ".").first.map(String.init) ?? ""
                    if document.tables.contains(where: { $0.name == section }) && !sections.contains(section) { continue }
                    problems.append(ConfigurationSchema.unknownKeyProblem(entry.key, line: entry.line, variable: nil))
                    continue
                }
                switch key.rule.check(entry.value) {
                case .success(let value): values[key.path] = (value, .file(line: entry.line))
                case .failure(let violation):
                    problems.append(
                        ConfigurationProblem(key: key.path, line: entry.line, problem: violation.problem, allowed: key.rule.allowed))
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
        let settings = ConfigurationSchema.keys.map { key in
            let (value, origin) = values[key.path] ?? (key.defaultValue, .defaultValue)
            return ResolvedSetting(key: key, value: value, origin: origin)
        }
        return LoadedConfiguration(path: path, settings: settings, problems: problems, setsNoKey: setsNoKey)
    }
}
