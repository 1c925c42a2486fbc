// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import Pipeline

extension GatewayConfiguration {
    /// The time zone `forecast` asks Open-Meteo for: `option` when given,
    /// else the configured station's zone, else `auto`, which makes
    /// Open-Meteo answer in the location's own zone (the answer names it,
    /// and the output uses it).
    public func forecastTimeZone(option: String?) -> String {
        option ?? station.timeZone ?? "auto"
    }

    /// The units the reporting commands (`history`, `listen`, `status`,
    /// `forecast`) print in: `imperial` or `metric` when `option` names a
    /// system, else the units MQTT publishes in (`mqtt.units` and its
    /// per-quantity overrides), so a person reads what Home Assistant shows.
    public func consoleUnits(option: String?) -> PublishedUnits {
        switch option {
        case "imperial"?: .imperial
        case "metric"?: .metric
        default: mqtt.publishedUnits
        }
    }
}
