// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The groups the variable catalog is listed in.
public enum ForecastCategory: String, Sendable, Hashable, CaseIterable {
    /// Air, apparent, wet-bulb and upper-air temperatures.
    case temperature
    /// Humidity, dew point, vapour pressure deficit.
    case humidity
    /// Wind speed, direction and gusts.
    case wind
    /// Rain, showers, snow and their probability.
    case precipitation
    /// Sea-level and surface pressure.
    case pressure
    /// Cloud cover by layer.
    case clouds
    /// Sun, daylight, UV and radiation.
    case solar
    /// Soil temperature, soil moisture and evapotranspiration.
    case soil
    /// Weather code, visibility, stability and freezing level.
    case atmosphere

    /// The heading used in listings, e.g. `Temperature`.
    public var title: String {
        rawValue.prefix(1).uppercased() + rawValue.dropFirst()
    }
}
