// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The site of each device: that of the station whose `serials` list it,
/// else the first station's (as `StationZones` gives each device its day).
public struct DeviceSites: Sendable, Equatable {
    /// The first station's site: that of devices no station lists.
    public let first: StationSite
    private let bySerial: [String: StationSite]

    /// Every device at `site` (the single-station case; nothing known by default).
    public init(_ site: StationSite = StationSite()) {
        first = site
        bySerial = [:]
    }

    /// Stations' sites with the serials each lists (a serial listed twice
    /// keeps its first station); the first is that of unlisted devices.
    public init(_ stations: [(site: StationSite, serials: [String])]) {
        first = stations.first?.site ?? StationSite()
        var sites = [String: StationSite]()
        for station in stations {
            for serial in station.serials where sites[serial] == nil { sites[serial] = station.site }
        }
        bySerial = sites
    }

    /// The site of the device `serial`.
    public func site(of serial: String) -> StationSite {
        bySerial[serial] ?? first
    }
}
