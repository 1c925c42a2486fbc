// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import GatewayCore
import Testing

/// The defaults the reporting commands take from the configuration.
@Suite("console preferences from the configuration")
struct ConsolePreferencesTests {
    private func configuration(_ text: String) -> GatewayConfiguration {
        let loaded = ConfigurationLoader.resolve(fileText: text, path: "test.toml", environment: [:])
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        return loaded.configuration
    }

    @Test("forecast zone: the option, else station.timezone, else auto")
    func forecastZone() {
        let configured = configuration("[station]\ntimezone = \"America/Denver\"\n")
        #expect(configured.forecastTimeZone(option: "UTC") == "UTC")
        #expect(configured.forecastTimeZone(option: nil) == "America/Denver")
        #expect(configuration("").forecastTimeZone(option: nil) == "auto")
    }

    @Test("units: the option, else what MQTT publishes, overrides included")
    func units() {
        let configured = configuration("[mqtt]\nunits = \"imperial\"\nwind_unit = \"knots\"\n")
        #expect(configured.consoleUnits(option: "metric") == .metric)
        #expect(configured.consoleUnits(option: "imperial") == .imperial)
        let chosen = configured.consoleUnits(option: nil)
        #expect(chosen.temperature == .fahrenheit)
        #expect(chosen.speed == .knots)
        #expect(configuration("").consoleUnits(option: nil) == .metric)
    }
}
