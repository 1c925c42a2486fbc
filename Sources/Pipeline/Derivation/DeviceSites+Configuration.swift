// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import Meteorology

extension DeviceSites {
    /// The configured stations' sites (`latitude`, `longitude`,
    /// `elevation`, `sensor_height`, which `run`'s options set too), each
    /// for the serials it lists; the first for every other device.
    public init(configured stations: [GatewayConfiguration.Station]) {
        self.init(stations.map { (site: StationSite(configured: $0), serials: $0.serials) })
    }
}

extension StationSite {
    /// Where `station` stands.
    public init(configured station: GatewayConfiguration.Station) {
        self.init(
            latitudeDegrees: station.latitude, longitudeDegrees: station.longitude, elevationMeters: station.elevation,
            sensorHeightMeters: station.sensorHeight)
    }
}
