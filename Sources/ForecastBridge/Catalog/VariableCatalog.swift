// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The Open-Meteo forecast variables the gateway knows, grouped by category,
/// with their units, explanations and the default selection.
///
/// Names and resolutions follow Open-Meteo's forecast API documentation
/// (https://open-meteo.com/en/docs). Its note that "every weather variable
/// available in hourly data is available as current condition as well" is
/// why every hourly variable also lists `current`. Open-Meteo knows more
/// variables than these (pressure levels, other heights and aggregations);
/// the catalog holds the ones that make sense next to a weather station.
public enum VariableCatalog {
    /// Every variable, in listing order (by category, then as written).
    public static let all: [ForecastVariable] = entries

    /// The variable called `name`, if the catalog has it.
    public static func variable(named name: String) -> ForecastVariable? {
        all.first { $0.name == name }
    }

    /// The variables of `category`, in listing order.
    public static func variables(in category: ForecastCategory) -> [ForecastVariable] {
        all.filter { $0.category == category }
    }

    /// The names fetched by default at `resolution`, in listing order.
    public static func defaultVariables(for resolution: ForecastResolution) -> [String] {
        all.filter { $0.defaultResolutions.contains(resolution) }.map(\.name)
    }

    /// Those of `names` that the catalog does not offer at `resolution`.
    public static func unavailable(_ names: [String], at resolution: ForecastResolution) -> [String] {
        names.filter { variable(named: $0)?.resolutions.contains(resolution) != true }
    }
}
