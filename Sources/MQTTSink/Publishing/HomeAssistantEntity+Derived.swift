// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology

extension HomeAssistantEntity {
    /// The conditions automations trigger on (binary sensors), the pressure
    /// trend, and values derived from the observations. Values that change
    /// every minute and few dashboards show are disabled by default.
    static func derivedEntities(thermo: Bool, windAndRain: Bool) -> [HomeAssistantEntity] {
        var entities = [HomeAssistantEntity]()
        if thermo {
            entities += [
                .init(field: "lightning_nearby", name: "Lightning nearby", component: .binarySensor, deviceClass: "safety"),
                .init(field: "freezing", name: "Freezing", component: .binarySensor, deviceClass: "cold"),
                .init(
                    field: "pressure_trend", name: "Pressure trend", deviceClass: "enum",
                    options: ["falling", "steady", "rising"]),
                .init(
                    field: "pressure_change_3_hours", name: "Pressure change (3 hours)", deviceClass: "atmospheric_pressure",
                    unit: "mbar", stateClass: "measurement", precision: 1),
                .init(field: "heat_index", name: "Heat index", deviceClass: "temperature", unit: "°C", stateClass: "measurement", precision: 1),
                .init(field: "wind_chill", name: "Wind chill", deviceClass: "temperature", unit: "°C", stateClass: "measurement", precision: 1),
                .init(
                    field: "dew_point_comfort", name: "Dew point comfort", deviceClass: "enum",
                    options: DewPointComfort.allCases.map(\.rawValue)),
                .init(
                    field: "lightning_strikes_last_3_hours", name: "Lightning strikes last 3 hours", stateClass: "measurement",
                    precision: 0),
                .init(
                    field: "air_density", name: "Air density", unit: "kg/m³", stateClass: "measurement", precision: 3,
                    enabledByDefault: false),
                .init(
                    field: "delta_t", name: "Delta T", unit: "°C", stateClass: "measurement", precision: 1,
                    enabledByDefault: false),
                .init(
                    field: "cloud_base", name: "Cloud base", deviceClass: "distance", unit: "m", stateClass: "measurement",
                    precision: 0, enabledByDefault: false),
            ]
        }
        if windAndRain {
            entities += [
                .init(field: "raining", name: "Raining", component: .binarySensor, deviceClass: "moisture"),
                .init(
                    field: "beaufort", name: "Beaufort", stateClass: "measurement", precision: 0, enabledByDefault: false),
                .init(
                    field: "sunshine_minutes_today", name: "Sunshine today", deviceClass: "duration", unit: "min",
                    stateClass: "total_increasing", precision: 0),
                .init(field: "daylight_minutes_today", name: "Daylight today", deviceClass: "duration", unit: "min", precision: 0),
            ]
            entities += growersEntities
        }
        if thermo {
            entities += [
                .init(field: "growing_degree_days_today", name: "Growing degree days today", unit: "°C·d", stateClass: "total_increasing", precision: 1),
                .init(field: "growing_degree_days_yesterday", name: "Growing degree days yesterday", unit: "°C·d", precision: 1),
                .init(
                    field: "chill_hours_today", name: "Chill hours today", deviceClass: "duration", unit: "h", stateClass: "total_increasing",
                    precision: 1),
                .init(field: "chill_hours_yesterday", name: "Chill hours yesterday", deviceClass: "duration", unit: "h", precision: 1),
            ]
        }
        entities.append(
            .init(field: "observation_last_time", name: "Last observation", deviceClass: "timestamp", diagnostic: true, enabledByDefault: false))
        return entities
    }
}
