// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Testing
@testable import CloudFollowing
@testable import Forecasting
@testable import Gateway
@testable import GatewayCore
@testable import GatewayStatus
@testable import MQTTSink
@testable import Pipeline
@testable import WebPage

/// WeatherFlow2MQTT rounded with Python's `round()`; the expected values
/// below are what Python 3 prints for `round(value, decimals)`.
@Suite("WeatherFlow2MQTT rounding and words")
struct WeatherFlow2MQTTRoundingTests {
    @Test("Python's round: exact ties to even, near-ties by the true binary value", arguments: [
        (25.25, 1, 25.2), (2.615, 2, 2.62), (77.45, 1, 77.5), (0.125, 2, 0.12), (0.375, 2, 0.38),
        (-2.5, 0, -2.0), (-0.125, 2, -0.12), (1.005, 2, 1.0), (2.675, 2, 2.67), (29.9215, 3, 29.922), (0.015, 2, 0.01),
    ])
    func pythonRound(value: Double, decimals: Int, python: Double) {
        #expect(WeatherFlow2MQTTCompatibility().round(value, decimals) == python)
    }

    @Test("compass points as its 17-entry table names them, never calm")
    func compass() {
        let expected: [(Double, String)] = [(0, "N"), (11, "N"), (12, "NNE"), (190, "S"), (213, "SSW"), (348, "NNW"), (349, "N"), (359, "N")]
        for (degrees, name) in expected {
            #expect(WeatherFlow2MQTTCompatibility.compassPoint(degrees) == name, "\(degrees)")
        }
    }

    @Test("its timestamp form and precipitation words")
    func words() {
        #expect(WeatherFlow2MQTTCompatibility.timestamp(1_720_850_400) == "2024-07-13T06:00:00+00:00")
        #expect(WeatherFlow2MQTTCompatibility.precipitationName(3) == "Heavy Rain")
        #expect(WeatherFlow2MQTTCompatibility.precipitationName(7) == "Unknown - 7")
        #expect(WeatherFlow2MQTTCompatibility.rainIntensity(millimetersPerHour: 0) == "None")
        #expect(WeatherFlow2MQTTCompatibility.rainIntensity(millimetersPerHour: 0.24) == "Very Light")
        #expect(WeatherFlow2MQTTCompatibility.rainIntensity(millimetersPerHour: 50) == "Extreme")
    }
}
