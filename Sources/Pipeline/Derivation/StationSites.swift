// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import Meteorology

/// Where each configured station stands, for sea-level pressure: a device
/// takes the elevation and sensor height of the station whose `serials`
/// list it, and a device no station lists takes the first station's.
public struct StationSites: Sendable, Equatable {
    /// The first station's site (nil without an elevation).
    public var first: DerivedObservation.Site?
    /// The site of each listed device's station (nil: that station has no elevation).
    public var bySerial: [String: DerivedObservation.Site?]

    /// Sites from explicit parts.
    public init(first: DerivedObservation.Site?, bySerial: [String: DerivedObservation.Site?] = [:]) {
        self.first = first
        self.bySerial = bySerial
    }

    /// Sites of the configured stations (a serial listed twice, which the
    /// configuration refuses, keeps its first station).
    public init(_ stations: [GatewayConfiguration.Station]) {
        first = stations.first.flatMap(Self.site(of:))
        bySerial = [:]
        for station in stations {
            for serial in station.serials where bySerial[serial] == nil { bySerial[serial] = Self.site(of: station) }
        }
    }

    /// The site for the device `serial`.
    public func site(for serial: String) -> DerivedObservation.Site? {
        bySerial[serial] ?? first
    }

    /// Where `station` stands, for sea-level pressure: nil without an elevation.
    public static func site(of station: GatewayConfiguration.Station) -> DerivedObservation.Site? {
        station.elevation.map { DerivedObservation.Site(elevationMeters: $0, sensorHeightAboveGroundMeters: station.sensorHeight) }
    }
}
