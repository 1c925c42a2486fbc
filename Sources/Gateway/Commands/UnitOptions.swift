// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import Configuration
import GatewayCore
import Pipeline

/// `--units metric|imperial` for the commands that report to people
/// (`history`, `listen`, `status`, `forecast`), and `--config` for the
/// default: the units MQTT publishes in, so a person reads what Home
/// Assistant shows. JSON output keeps the units it always had (the
/// protocol's metric units; `forecast --database --json` follows an
/// explicit `--units` only), so scripts never change with a preference.
struct UnitOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Units for people: metric (°C, m/s, mb, mm, km) or imperial (°F, mph, inHg, in, mi) (default: mqtt.units from the configuration, with its overrides). JSON stays metric (forecast --database --json follows only an explicit --units).",
            valueName: "system"))
    var units: MQTTOptions.UnitSystem?

    @OptionGroup var configOptions: ConfigFileOptions

    /// The configuration behind the preferences (see ``ConfigFileOptions/preferences()``).
    func settings() throws -> GatewayConfiguration {
        try configOptions.preferences()
    }

    /// The units to print in, given the configuration `settings`.
    func chosen(_ settings: GatewayConfiguration) -> PublishedUnits {
        settings.consoleUnits(option: units?.rawValue)
    }
}
