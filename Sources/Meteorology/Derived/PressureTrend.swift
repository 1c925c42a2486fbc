// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The 3-hour pressure tendency (protocol reference 9.13): the simple
/// difference between now and the sample closest to three hours ago (within
/// 15 minutes). Falling at −1 mb or less, Rising at +1 mb or more, Steady in
/// between. The reference marks the boundary as uncertain; we include ±1 in
/// Falling and Rising ("more than one mb is moving" reads as |ΔP| ≥ 1 once
/// values are rounded to 0.1 mb as the cloud does).
public struct PressureTrend: Hashable, Sendable {
    /// The direction of change.
    public enum Direction: String, Sendable {
        case falling = "Falling"
        case steady = "Steady"
        case rising = "Rising"
    }

    /// The direction.
    public let direction: Direction
    /// Now minus three hours ago, mb.
    public let changeMillibars: Double

    /// The trend from `(timestamp, pressure)` samples; nil when there is no
    /// sample near now or none within 15 minutes of three hours before it.
    /// `now` is the newest sample's time when nil.
    public init?(samples: [(timestamp: Int64, millibars: Double)], now: Int64? = nil) {
        guard let newest = samples.max(by: { $0.timestamp < $1.timestamp }) else { return nil }
        let reference = (now ?? newest.timestamp) - 3 * 3600
        guard let past = samples.min(by: { abs($0.timestamp - reference) < abs($1.timestamp - reference) }),
            abs(past.timestamp - reference) <= 15 * 60
        else { return nil }
        let change = newest.millibars - past.millibars
        changeMillibars = change
        direction = change <= -1 ? .falling : change >= 1 ? .rising : .steady
    }
}
