// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// One configured station, as the cloud follower looks for it in the
/// account: by its `station_id`, else by one of its `serials`.
public struct CloudStationChoice: Sendable, Equatable {
    /// `station.station_id`, if given.
    public var stationID: Int?
    /// `station.serials` (devices of the station, as the cloud lists them).
    public var serials: [String]

    /// Makes one.
    public init(stationID: Int? = nil, serials: [String] = []) {
        self.stationID = stationID
        self.serials = serials
    }

    /// Whether the station names neither an id nor a serial (a station
    /// table left at its defaults): the follower then chooses as without
    /// configuration.
    public var namesNothing: Bool { stationID == nil && serials.isEmpty }
}
