// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import ForecastBridge
import JSON
import Meteorology

/// Checks that need the gateway's own modules, beyond what the
/// configuration module can tell from the text alone.
public enum ConfigurationChecks {
    /// Every problem of `loaded`: its own, then a time zone this system does
    /// not know.
    public static func problems(of loaded: LoadedConfiguration) -> [ConfigurationProblem] {
        var problems = loaded.problems
        let zones = loaded.stations.compactMap { $0.first { $0.key.name == "timezone" } }
        for setting in zones {
            guard case .string(let name)? = setting.value, (try? TimeZoneRules(identifier: name)) == nil else { continue }
            problems.append(
                located(
                    ConfigurationProblem(
                        key: loaded.stations.count > 1 ? "station[\(setting.element + 1)].timezone" : setting.key.path, problem: "\"\(name)\" is not a time zone this system knows",
                        allowed: "a name from /usr/share/zoneinfo, such as \"Europe/Berlin\""),
                    at: setting.origin))
        }
        for resolution in ForecastResolution.allCases {
            guard let setting = loaded.setting("forecast." + resolution.apiName), case .array(let elements)? = setting.value else { continue }
            let names = elements.compactMap { element -> String? in
                if case .string(let name) = element { return name }
                return nil
            }
            let unknown = VariableCatalog.unavailable(names, at: resolution)
            guard !unknown.isEmpty else { continue }
            problems.append(
                located(
                    ConfigurationProblem(
                        key: setting.key.path, problem: "not available as \(resolution.label) variables: \(unknown.joined(separator: ", "))",
                        allowed: "names that `tempest-gateway forecast --catalog` lists for \(resolution.label)"),
                    at: setting.origin))
        }
        return problems
    }

    /// `problem` with the line or the variable its value came from.
    private static func located(_ problem: ConfigurationProblem, at origin: SettingOrigin) -> ConfigurationProblem {
        var problem = problem
        switch origin {
        case .file(let line): problem.line = line
        case .environment(let variable): problem.variable = variable
        case .defaultValue: break
        }
        return problem
    }

    /// Writes `problem` as a JSON object.
    public static func write(_ problem: ConfigurationProblem, to json: inout JSONWriter) {
        json.beginObject()
        json.member("key", problem.key)
        json.member("line", problem.line.map(Int64.init))
        json.member("variable", problem.variable)
        json.member("problem", problem.problem)
        json.member("allowed", problem.allowed)
        json.member("message", problem.description)
        json.endObject()
    }
}
