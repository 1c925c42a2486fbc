// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import Meteorology

extension StationZones {
    /// The zones of the configured stations: the first station's is
    /// `first` (its `timezone`, `--timezone` or the system's, as `run`
    /// resolved it); every other station's is its own `timezone`, else the
    /// first's, as its uploads take it (loading checked the names, so a
    /// zone that cannot be read now also falls back to the first's).
    public init(_ stations: [GatewayConfiguration.Station], first: TimeZoneRules) {
        guard !stations.isEmpty else {
            self.init(first)
            return
        }
        self.init(
            stations.enumerated().map { index, station in
                let zone = index == 0 ? first : station.timeZone.flatMap { try? TimeZoneRules(identifier: $0) } ?? first
                return (zone: zone, serials: station.serials)
            })
    }
}
