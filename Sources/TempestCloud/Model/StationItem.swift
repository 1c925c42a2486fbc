// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// One `station_items` entry: which device supplies a sensor family.
public struct StationItem: Sendable, Hashable {
    /// Sensor family, e.g. `air_temperature_humidity`, `wind`, `rain`.
    public var item: String
    /// The supplying device's cloud id.
    public var deviceID: Int?

    /// Creates an item.
    public init(item: String, deviceID: Int?) {
        self.item = item
        self.deviceID = deviceID
    }
}
