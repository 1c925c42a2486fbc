// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The time resolutions of Open-Meteo's forecast API; each is a query
/// parameter listing variables and a section of the response.
public enum ForecastResolution: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Conditions now (`current`): one value per variable, from 15-minute model data.
    case current
    /// Every 15 minutes (`minutely_15`).
    case minutely15
    /// Every hour (`hourly`).
    case hourly
    /// One value per local day (`daily`).
    case daily

    /// The query parameter and the response section's name.
    public var apiName: String {
        switch self {
        case .current: "current"
        case .minutely15: "minutely_15"
        case .hourly: "hourly"
        case .daily: "daily"
        }
    }

    /// A short English label for lists (`15-minute`).
    public var label: String {
        switch self {
        case .current: "current"
        case .minutely15: "15-minute"
        case .hourly: "hourly"
        case .daily: "daily"
        }
    }

    /// Orders resolutions as listed in ``allCases``.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
