// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import Testing

/// `[agronomy] base_temperature_c`: 10 by default, checked by the loader.
@Suite struct AgronomySettingsTests {
    @Test func defaultFileAndEnvironment() {
        #expect(GatewayConfiguration().agronomy.baseTemperatureCelsius == 10)
        let file = ConfigurationLoader.resolve(fileText: "[agronomy]\nbase_temperature_c = 4.5\n", path: nil, environment: [:])
        #expect(file.problems.isEmpty, "\(file.problems)")
        #expect(file.configuration.agronomy.baseTemperatureCelsius == 4.5)
        let environment = ConfigurationLoader.resolve(
            fileText: nil, path: nil, environment: ["TEMPEST_GATEWAY_AGRONOMY_BASE_TEMPERATURE_C": "5"])
        #expect(environment.configuration.agronomy.baseTemperatureCelsius == 5)
    }

    @Test func aBaseOutOfRangeIsRefusedNamingTheKey() {
        let loaded = ConfigurationLoader.resolve(fileText: "[agronomy]\nbase_temperature_c = 100\n", path: nil, environment: [:])
        let problem = loaded.problems.first
        #expect(problem?.key == "agronomy.base_temperature_c")
        #expect(problem?.description.contains("-10") == true, "\(String(describing: problem))")
        let word = ConfigurationLoader.resolve(fileText: "[agronomy]\nbase_temperature_c = \"warm\"\n", path: nil, environment: [:])
        #expect(word.problems.first?.key == "agronomy.base_temperature_c")
    }
}
