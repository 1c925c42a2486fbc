// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Storage
import TempestCloud

extension NearbyStrikeRecord {
    /// The row of a strike of the cloud's nearby-strikes feed: distance (km)
    /// and energy rounded to whole numbers, as for the station's strikes.
    public init(_ strike: NearbyStrike) {
        self.init(
            stationID: strike.stationID, timestamp: strike.timestamp.secondsSince1970, latitude: strike.latitude,
            longitude: strike.longitude, distanceKilometers: strike.distanceKilometers.map { Int($0.rounded()) },
            energy: strike.energy.map { Int($0.rounded()) }, cloudMark: strike.cloudMark.flatMap { StrikeCloudMark(rawValue: $0.rawValue) })
    }
}
