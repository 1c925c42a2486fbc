// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The WHO/EPA UV index categories with their protection advice
/// (protocol reference 9.11). The Tempest's fractional index is rounded half
/// up first: below 2.5 is Low, below 5.5 Moderate, below 7.5 High, below
/// 10.5 Very high, and Extreme above.
public enum UVCategory: String, CaseIterable, Sendable {
    case low = "Low"
    case moderate = "Moderate"
    case high = "High"
    case veryHigh = "Very high"
    case extreme = "Extreme"

    /// The category for a UV index; nil when missing or negative.
    public init?(uvIndex: Double?) {
        guard let index = uvIndex, index >= 0 else { return nil }
        switch index {
        case ..<2.5: self = .low
        case ..<5.5: self = .moderate
        case ..<7.5: self = .high
        case ..<10.5: self = .veryHigh
        default: self = .extreme
        }
    }

    /// What to do about it, from the WHO's advice.
    public var protectionAdvice: String {
        switch self {
        case .low: "No protection needed; you can safely stay outside."
        case .moderate: "Seek shade during midday hours; wear a shirt, sunscreen and a hat."
        case .high: "Protection needed: shade at midday, a shirt, sunscreen and a hat."
        case .veryHigh: "Extra protection: avoid being outside during midday hours; shirt, sunscreen and hat are a must."
        case .extreme: "Take all precautions: stay out of the midday sun; shirt, sunscreen and hat are a must."
        }
    }
}
