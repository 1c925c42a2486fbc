// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON

/// A request the gateway sends over the WeatherFlow WebSocket (spec section 8).
public enum LiveRequest: Sendable, Equatable {
    /// `listen_start`: all observations and events of a device.
    case listenStart(deviceID: Int)
    /// `listen_stop`.
    case listenStop(deviceID: Int)
    /// `listen_rapid_start`: the 3-second wind of a device.
    case listenRapidStart(deviceID: Int)
    /// `listen_rapid_stop`.
    case listenRapidStop(deviceID: Int)
    /// `geo_strike_listen_start`: every strike in a box.
    case geoStrikeListenStart(GeoBox)

    /// The wire type.
    public var type: String {
        switch self {
        case .listenStart: "listen_start"
        case .listenStop: "listen_stop"
        case .listenRapidStart: "listen_rapid_start"
        case .listenRapidStop: "listen_rapid_stop"
        case .geoStrikeListenStart: "geo_strike_listen_start"
        }
    }

    /// The request as JSON text carrying `id`, which the server echoes in its `ack`.
    public func text(id: String) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.member("type", type)
        switch self {
        case .listenStart(let deviceID), .listenStop(let deviceID), .listenRapidStart(let deviceID), .listenRapidStop(let deviceID):
            json.member("device_id", Int64(deviceID))
        case .geoStrikeListenStart(let box):
            json.member("lat_min", box.latitudeMinimum)
            json.member("lat_max", box.latitudeMaximum)
            json.member("lon_min", box.longitudeMinimum)
            json.member("lon_max", box.longitudeMaximum)
        }
        json.member("id", id)
        json.endObject()
        return json.takeText()
    }
}
