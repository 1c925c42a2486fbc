// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Which configured station each device belongs to: the station whose
/// `serials` list it (a serial listed twice keeps its first station, as the
/// configuration demands); a device no station lists belongs to the first.
/// Every per-station rule (time zones, calibration) asks this one.
public struct StationMembership: Sendable, Equatable {
    /// The station (index into the configuration's order) of each listed device.
    private let stationIndexBySerial: [String: Int]

    /// The stations' serial lists, in the configuration's order.
    public init(_ serialsByStation: [[String]]) {
        var indices = [String: Int]()
        for (index, serials) in serialsByStation.enumerated() {
            for serial in serials where indices[serial] == nil { indices[serial] = index }
        }
        stationIndexBySerial = indices
    }

    /// The index of the station of the device `serial` (0: the first, also
    /// for a device no station lists).
    public func stationIndex(of serial: String) -> Int {
        stationIndexBySerial[serial] ?? 0
    }
}
