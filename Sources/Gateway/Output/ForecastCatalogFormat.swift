// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ForecastBridge
import GatewayCore
import JSON
import Pipeline
import TempestUDP

/// The variable catalog as text for people and screen readers (labels
/// before values, units spelled out) or as JSON.
enum ForecastCatalogFormat {
    /// One heading line per category, then one line per variable.
    static func lines(style: TerminalStyle) -> [String] {
        var lines = [
            "Open-Meteo forecast variables: \(VariableCatalog.all.count) in \(ForecastCategory.allCases.count) categories.",
            "Defaults are fetched unless you choose otherwise; current values come from 15-minute model data.",
        ]
        for category in ForecastCategory.allCases {
            let variables = VariableCatalog.variables(in: category)
            lines.append("")
            lines.append(style.emphasized("Category: \(category.title), \(Plural.count(variables.count, "variable"))"))
            for variable in variables {
                lines.append("  " + line(for: variable))
            }
        }
        return lines
    }

    /// `Name: temperature_2m. Unit: degrees Celsius. Available: current, 15-minute, hourly. Default: current, hourly. Air temperature …`
    static func line(for variable: ForecastVariable) -> String {
        [
            "Name: \(variable.name)",
            "Unit: \(variable.unit.spokenName)",
            "Available: \(labels(variable.resolutions))",
            "Default: \(variable.isDefault ? labels(variable.defaultResolutions) : "no")",
            variable.explanation,
        ].joined(separator: ". ")
    }

    /// The catalog as one JSON array.
    static func json() -> String {
        var writer = JSONWriter()
        writer.beginArray()
        for variable in VariableCatalog.all {
            writer.beginObject()
            writer.member("name", variable.name)
            writer.member("category", variable.category.rawValue)
            writer.member("unit", variable.unit.symbol)
            writer.member("unit_name", variable.unit.spokenName)
            writer.member("explanation", variable.explanation)
            writer.key("resolutions")
            stringArray(variable.resolutions.sorted().map(\.apiName), into: &writer)
            writer.key("default_resolutions")
            stringArray(variable.defaultResolutions.sorted().map(\.apiName), into: &writer)
            writer.endObject()
        }
        writer.endArray()
        return writer.text
    }

    private static func labels(_ resolutions: Set<ForecastResolution>) -> String {
        resolutions.sorted().map(\.label).joined(separator: ", ")
    }

    private static func stringArray(_ strings: [String], into writer: inout JSONWriter) {
        writer.beginArray()
        for string in strings { writer.value(string) }
        writer.endArray()
    }
}
