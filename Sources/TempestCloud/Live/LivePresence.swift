// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// A device or station going on- or offline in the cloud's view
/// (`evt_device_online`, `evt_device_offline`, `evt_station_online`,
/// `evt_station_offline`, from the older SmartWeather docs). Informational only.
public struct LivePresence: Sendable, Equatable {
    /// The wire type, e.g. `evt_device_offline`.
    public var type: String
    /// `device_id` or `station_id`, when the message carries one.
    public var id: Int?

    /// True for the two `..._online` types.
    public var isOnline: Bool { type.hasSuffix("_online") }

    /// Makes one.
    public init(type: String, id: Int?) {
        self.type = type
        self.id = id
    }
}
