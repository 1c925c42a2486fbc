// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import TempestUDP

/// One sensor device the cloud follower follows (Tempest, AIR or SKY; never
/// a hub), with what the REST and WebSocket paths need to know of it.
public struct CloudDevice: Sendable, Equatable {
    /// The device's serial number (`ST-…`, `AR-…`, `SK-…`).
    public var serial: SerialNumber
    /// The cloud's device id (REST `/observations/device`, WebSocket `listen_start`).
    public var deviceID: Int
    /// The hub that relays it, if the station lists one.
    public var hubSerial: SerialNumber?
    /// The WeatherFlow station the device belongs to.
    public var stationID: Int
    /// The station's latitude in degrees, if known (nearby-strike box).
    public var latitude: Double?
    /// The station's longitude in degrees, if known.
    public var longitude: Double?

    /// Makes one.
    public init(serial: SerialNumber, deviceID: Int, hubSerial: SerialNumber?, stationID: Int, latitude: Double? = nil, longitude: Double? = nil) {
        self.serial = serial
        self.deviceID = deviceID
        self.hubSerial = hubSerial
        self.stationID = stationID
        self.latitude = latitude
        self.longitude = longitude
    }
}
