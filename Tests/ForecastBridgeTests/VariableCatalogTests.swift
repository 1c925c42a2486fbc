// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ForecastBridge
import Testing

@Suite struct VariableCatalogTests {
    static let requiredHourlyDefaults = [
        "temperature_2m", "apparent_temperature", "relative_humidity_2m", "dew_point_2m", "precipitation",
        "precipitation_probability", "weather_code", "cloud_cover", "pressure_msl", "wind_speed_10m",
        "wind_direction_10m", "wind_gusts_10m", "uv_index", "visibility",
    ]
    static let requiredDailyDefaults = [
        "temperature_2m_max", "temperature_2m_min", "precipitation_sum", "precipitation_probability_max",
        "sunrise", "sunset", "daylight_duration", "sunshine_duration",
    ]

    @Test func everyRequiredDefaultIsPresentAndSelected() {
        let hourly = VariableCatalog.defaultVariables(for: .hourly)
        let current = VariableCatalog.defaultVariables(for: .current)
        let daily = VariableCatalog.defaultVariables(for: .daily)
        for name in Self.requiredHourlyDefaults {
            #expect(hourly.contains(name), "\(name) hourly")
            #expect(current.contains(name), "\(name) current")
        }
        for name in Self.requiredDailyDefaults {
            #expect(daily.contains(name), "\(name) daily")
        }
        #expect(VariableCatalog.defaultVariables(for: .minutely15).isEmpty)
    }

    @Test func namesAreUniqueAndWellFormed() {
        let names = VariableCatalog.all.map(\.name)
        #expect(names.count == 87)  // as the README says
        #expect(Set(names).count == names.count, "duplicates: \(names.filter { n in names.filter { $0 == n }.count > 1 })")
        for variable in VariableCatalog.all {
            #expect(!variable.name.isEmpty && variable.name.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "_" }, "\(variable.name)")
        }
    }

    @Test func everyEntryIsExplainedAndConsistent() {
        for variable in VariableCatalog.all {
            #expect(variable.explanation.first?.isUppercase == true, "\(variable.name)")
            #expect(variable.explanation.hasSuffix("."), "\(variable.name)")
            #expect(variable.explanation.filter { $0 == "." }.count <= 2, "one sentence: \(variable.name)")
            #expect(!variable.resolutions.isEmpty, "\(variable.name)")
            #expect(variable.defaultResolutions.isSubset(of: variable.resolutions), "\(variable.name)")
            #expect(!variable.unit.spokenName.isEmpty)
            // Open-Meteo: every hourly variable is also available as current.
            if variable.resolutions.contains(.hourly) { #expect(variable.resolutions.contains(.current), "\(variable.name)") }
        }
    }

    @Test func everyCategoryHasVariablesAndEveryResolutionIsCovered() {
        for category in ForecastCategory.allCases {
            #expect(!VariableCatalog.variables(in: category).isEmpty, "\(category)")
        }
        for resolution in ForecastResolution.allCases {
            #expect(VariableCatalog.all.contains { $0.resolutions.contains(resolution) }, "\(resolution)")
        }
    }

    @Test func lookupAndAvailability() {
        #expect(VariableCatalog.variable(named: "sunrise")?.unit == .unixTime)
        #expect(VariableCatalog.variable(named: "wind_speed_10m")?.unit == .metresPerSecond)
        #expect(VariableCatalog.variable(named: "nonsense") == nil)
        #expect(VariableCatalog.unavailable(["sunrise", "temperature_2m", "bogus"], at: .hourly) == ["sunrise", "bogus"])
        #expect(VariableCatalog.unavailable(["sunrise"], at: .daily).isEmpty)
    }
}
