// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The time zone of each station, and so of each device: a device's local
/// day (daily totals, highs and lows, records, daily summaries) begins at
/// midnight in the zone of the station whose `serials` list it; a device
/// no station lists takes the first station's zone.
///
/// One zone (`init(_:)`) is the single-station case: every device in it.
public struct StationZones: Sendable, Equatable {
    /// Each station's zone, in the configuration's order (never empty).
    public let stations: [TimeZoneRules]
    /// Which station (index into `stations`) each device belongs to.
    public let membership: StationMembership

    /// Every device in `zone`.
    public init(_ zone: TimeZoneRules) {
        stations = [zone]
        membership = StationMembership([])
    }

    /// Stations in their zones, each with the serials it lists (a serial
    /// listed twice keeps its first station, as the configuration demands);
    /// the first is the zone of unlisted devices. No station at all is
    /// every device in UTC.
    public init(_ stations: [(zone: TimeZoneRules, serials: [String])]) {
        self.stations = stations.isEmpty ? [.utc] : stations.map(\.zone)
        membership = StationMembership(stations.map(\.serials))
    }

    /// The first station's zone: that of devices no station lists.
    public var first: TimeZoneRules { stations[0] }

    /// Whether every station keeps the same zone (one local day for all).
    public var isSingleZone: Bool { stations.allSatisfy { $0 == stations[0] } }

    /// The zone of the device `serial`.
    public func zone(of serial: String) -> TimeZoneRules {
        stations[membership.stationIndex(of: serial)]
    }
}
