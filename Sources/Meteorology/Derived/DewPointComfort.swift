// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// How the dew point feels, on the commonly published scale (°C):
/// below 10 dry, 10–13 very comfortable, 13–16 comfortable, 16–18 fine for
/// most, 18–21 somewhat uncomfortable, 21–24 very humid, 24 and above
/// oppressive.
public enum DewPointComfort: String, CaseIterable, Sendable {
    case dry = "Dry"
    case veryComfortable = "Very comfortable"
    case comfortable = "Comfortable"
    case fineForMost = "Fine for most"
    case somewhatUncomfortable = "Somewhat uncomfortable"
    case veryHumid = "Very humid"
    case oppressive = "Oppressive"

    /// The class of a dew point; nil when missing.
    public init?(dewPointCelsius: Double?) {
        guard let dewPoint = dewPointCelsius else { return nil }
        switch dewPoint {
        case ..<10: self = .dry
        case ..<13: self = .veryComfortable
        case ..<16: self = .comfortable
        case ..<18: self = .fineForMost
        case ..<21: self = .somewhatUncomfortable
        case ..<24: self = .veryHumid
        default: self = .oppressive
        }
    }
}
