// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// How the WeatherFlow cloud marks a strike it forwards over the WebSocket.
///
/// The cloud filters false strikes and merges in lightning-network data. A
/// strike with `"source":"enhanced"` is `enhanced`; one whose `evt` carries
/// a fourth value of 1 is `confirmed` (the cloud validated it). The
/// protocol documents neither precisely (spec section 8), so decoding is
/// tolerant and the raw strike is always kept.
public enum LightningStrikeMark: Int, Hashable, Sendable, CaseIterable {
    /// Adjusted or added by the cloud (`"source":"enhanced"`).
    case enhanced = 1
    /// Validated by the cloud (fourth `evt` value 1).
    case confirmed = 2

    /// The name used in the store, events and `status`: `enhanced` or `confirmed`.
    public var name: String {
        switch self {
        case .enhanced: "enhanced"
        case .confirmed: "confirmed"
        }
    }
}
