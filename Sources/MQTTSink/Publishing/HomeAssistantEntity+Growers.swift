// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension HomeAssistantEntity {
    /// The growers' figures that need the solar sensor (docs/data.md,
    /// "Figures for growers"). Home Assistant has no evapotranspiration
    /// class, and `precipitation` means water that fell: ET₀ has no class,
    /// its unit (mm, or in) only. Yesterday's values are a past day's
    /// aggregate, which Home Assistant's `measurement` is not: no state
    /// class, as `rain_yesterday`.
    static let growersEntities: [HomeAssistantEntity] = [
        .init(field: "reference_evapotranspiration_yesterday", name: "Reference evapotranspiration yesterday", unit: "mm", precision: 2),
        .init(field: "sunshine_minutes_yesterday", name: "Sunshine yesterday", deviceClass: "duration", unit: "min", precision: 0),
        .init(
            field: "solar_energy_today", name: "Solar energy today", unit: "MJ/m²", stateClass: "total_increasing", precision: 2,
            enabledByDefault: false),
    ]
}
