// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import TempestUDP

/// A station the cloud follower follows, with its sensor devices (never
/// the hub).
public struct CloudStation: Sendable, Equatable {
    /// The WeatherFlow station id.
    public var stationID: Int
    /// The station's name in the account, if it has one.
    public var name: String?
    /// Its Tempest, AIR and SKY devices, in the account's order.
    public var devices: [CloudDevice]

    /// Makes one.
    public init(stationID: Int, name: String?, devices: [CloudDevice]) {
        self.stationID = stationID
        self.name = name
        self.devices = devices
    }

    /// The serials of the devices that measure rain (Tempest and SKY): the
    /// station's RainCheck rain is published for them.
    public var rainSerials: [String] {
        devices.filter { $0.serial.family == .tempest || $0.serial.family == .sky }.map(\.serial.rawValue)
    }
}
