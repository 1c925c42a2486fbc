// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// How hard it rains, from the rain rate. The scale is the one WeatherFlow
/// community tools use (protocol reference 9.12), with its top class named
/// "Violent": None (0), Very light (< 0.25 mm/h), Light (< 1), Moderate
/// (< 4), Heavy (< 16), Very heavy (< 50), Violent (≥ 50). This is the scale
/// published on MQTT.
public enum RainIntensity: String, CaseIterable, Sendable {
    case none = "None"
    case veryLight = "Very light"
    case light = "Light"
    case moderate = "Moderate"
    case heavy = "Heavy"
    case veryHeavy = "Very heavy"
    case violent = "Violent"

    /// The class of a rate; nil when missing or negative.
    public init?(rate: RainRate?) {
        guard let rate = rate?.millimetersPerHour, rate >= 0 else { return nil }
        switch rate {
        case 0: self = .none
        case ..<0.25: self = .veryLight
        case ..<1: self = .light
        case ..<4: self = .moderate
        case ..<16: self = .heavy
        case ..<50: self = .veryHeavy
        default: self = .violent
        }
    }

    /// The rate implied by one report: rain in the interval × 60 / minutes.
    public static func rate(rainAccumulatedMillimeters: Double?, reportIntervalMinutes: Int64?) -> RainRate? {
        guard let rain = rainAccumulatedMillimeters, rain >= 0 else { return nil }
        let minutes = Double(max(1, reportIntervalMinutes ?? 1))
        return RainRate(millimetersPerHour: rain * 60 / minutes)
    }
}
