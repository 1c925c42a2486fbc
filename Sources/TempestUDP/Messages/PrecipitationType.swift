// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// What the rain sensor detected (`precipitation_type`). The Tempest cannot
/// detect snow: snowfall reads as `none`.
public enum PrecipitationType: Hashable, Sendable, CustomStringConvertible {
    /// Code 0.
    case none
    /// Code 1.
    case rain
    /// Code 2.
    case hail
    /// Code 3, Tempest only, documented as experimental.
    case rainAndHail
    /// A code the documentation does not list; the number is kept.
    case unknown(Int64)

    /// Maps a wire code.
    public init(code: Int64) {
        switch code {
        case 0: self = .none
        case 1: self = .rain
        case 2: self = .hail
        case 3: self = .rainAndHail
        default: self = .unknown(code)
        }
    }

    /// The wire code.
    public var code: Int64 {
        switch self {
        case .none: 0
        case .rain: 1
        case .hail: 2
        case .rainAndHail: 3
        case .unknown(let code): code
        }
    }

    /// The spec's snake_case name (`rain_hail` for code 3, `unknown` otherwise).
    public var description: String {
        switch self {
        case .none: "none"
        case .rain: "rain"
        case .hail: "hail"
        case .rainAndHail: "rain_hail"
        case .unknown: "unknown"
        }
    }
}
