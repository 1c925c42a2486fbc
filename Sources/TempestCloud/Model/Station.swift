// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import TempestUDP

/// A station from `/stations`: location, time zone and its devices.
public struct Station: Sendable, Hashable {
    /// Cloud station id (`station_id`).
    public var id: Int
    /// Owner's name for the station.
    public var name: String?
    /// Name shown on public maps.
    public var publicName: String?
    /// Latitude, degrees.
    public var latitudeDegrees: Double?
    /// Longitude, degrees.
    public var longitudeDegrees: Double?
    /// IANA time zone, e.g. `America/Denver` (defines the "local day").
    public var timeZoneIdentifier: String?
    /// Current offset from UTC, minutes.
    public var timeZoneOffsetMinutes: Int?
    /// Ground elevation above sea level, metres (`station_meta.elevation`).
    public var elevationMeters: Double?
    /// Devices including the hub.
    public var devices: [Device]
    /// Which device supplies which sensor family.
    public var stationItems: [StationItem]

    /// Creates a station.
    public init(id: Int, name: String? = nil, publicName: String? = nil, latitudeDegrees: Double? = nil,
                longitudeDegrees: Double? = nil, timeZoneIdentifier: String? = nil, timeZoneOffsetMinutes: Int? = nil,
                elevationMeters: Double? = nil, devices: [Device] = [], stationItems: [StationItem] = []) {
        self.id = id
        self.name = name
        self.publicName = publicName
        self.latitudeDegrees = latitudeDegrees
        self.longitudeDegrees = longitudeDegrees
        self.timeZoneIdentifier = timeZoneIdentifier
        self.timeZoneOffsetMinutes = timeZoneOffsetMinutes
        self.elevationMeters = elevationMeters
        self.devices = devices
        self.stationItems = stationItems
    }

    /// The device with this serial number, if it belongs to the station.
    public func device(serialNumber: SerialNumber) -> Device? {
        devices.first { $0.serialNumber == serialNumber }
    }
}
