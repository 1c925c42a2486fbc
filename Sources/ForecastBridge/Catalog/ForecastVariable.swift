// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// One entry of the variable catalog: an Open-Meteo variable with its unit,
/// a one-sentence explanation, where it can be requested and where it is
/// fetched by default.
public struct ForecastVariable: Sendable, Hashable {
    /// The API name, e.g. `temperature_2m`.
    public let name: String
    /// The group it is listed in.
    public let category: ForecastCategory
    /// Its unit in the units the gateway requests.
    public let unit: ForecastUnit
    /// One sentence saying what it is.
    public let explanation: String
    /// The resolutions Open-Meteo serves it at.
    public let resolutions: Set<ForecastResolution>
    /// The resolutions it is fetched at by default (a subset of ``resolutions``).
    public let defaultResolutions: Set<ForecastResolution>

    /// Creates an entry.
    public init(
        _ name: String, _ category: ForecastCategory, _ unit: ForecastUnit, _ explanation: String,
        resolutions: Set<ForecastResolution>, defaultResolutions: Set<ForecastResolution> = []
    ) {
        self.name = name
        self.category = category
        self.unit = unit
        self.explanation = explanation
        self.resolutions = resolutions
        self.defaultResolutions = defaultResolutions
    }

    /// Whether it is fetched by default at any resolution.
    public var isDefault: Bool { !defaultResolutions.isEmpty }
}
