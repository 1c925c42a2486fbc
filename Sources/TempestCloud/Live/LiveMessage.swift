// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// One text message from the WeatherFlow WebSocket, decoded (spec section 8).
///
/// Made by ``LiveDecoder``; the follower acts on it: observations and events
/// feed the pipeline like UDP, acks settle subscriptions, the rest is counted.
public enum LiveMessage: Sendable, Equatable {
    /// `connection_opened`: the server is ready for requests.
    case connectionOpened
    /// `ack` of the request with this `id`.
    case ack(id: String)
    /// Data of a followed device: `obs_st`, `obs_air`, `obs_sky`,
    /// `rapid_wind`, `evt_strike` or `evt_precip`, as the UDP decoder makes it.
    case device(LiveDeviceMessage)
    /// A strike in a `geo_strike_listen_start` box (not the station's own).
    case nearbyStrike(NearbyStrike)
    /// `evt_device_online/offline`, `evt_station_online/offline`: informational.
    case presence(LivePresence)
    /// A well-formed message of a type this gateway does not know.
    case unknown(type: String)

    /// A short name for counting (`status`): the wire type for most,
    /// `nearby_strike` for geo strikes.
    public var kind: String {
        switch self {
        case .connectionOpened: "connection_opened"
        case .ack: "ack"
        case .device(let message): message.message.type.rawValue
        case .nearbyStrike: "nearby_strike"
        case .presence(let presence): presence.type
        case .unknown: "unknown"
        }
    }
}
