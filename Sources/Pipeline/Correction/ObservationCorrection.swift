// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import Meteorology
import Storage

/// What turns raw values into the values every outlet uses: each device's
/// station's calibration set in force when the value was measured.
///
/// The one seam for both ways a value leaves: the live path corrects each
/// message (`corrected(_: TempestMessage)`), and every reader of stored
/// rows (`history`, `export`, the `[[export]]` and `[[upload]]` sinks, the
/// web page, the daily summaries rebuilt on start) corrects each
/// `ObservationRecord` it read (`corrected(_: ObservationRecord)`). A device
/// belongs to the station whose `serials` list it, else to the first
/// (`StationMembership`, the rule of the stations' time zones); a station's
/// sets are found by its key (`stationKey(of:position:)`).
public struct ObservationCorrection: Sendable, Equatable {
    /// Each configured station's key, in the configuration's order.
    public let stationKeys: [String]
    /// Which station each device belongs to.
    private let membership: StationMembership
    /// Each station key's sets, oldest first.
    private let setsByStation: [String: [CalibrationSetRecord]]

    /// The correction of `stations` by the stored `sets` (any order).
    public init(stations: [GatewayConfiguration.Station], sets: [CalibrationSetRecord]) {
        stationKeys = stations.enumerated().map { Self.stationKey(of: $0.element, position: $0.offset + 1) }
        membership = StationMembership(stations.map(\.serials))
        setsByStation = Dictionary(grouping: sets, by: \.station).mapValues { $0.sorted { $0.effectiveAt < $1.effectiveAt } }
    }

    /// No correction at all (raw values: `--raw`, or no set stored).
    public static let none = ObservationCorrection(stations: [], sets: [])

    /// Reads the stored sets of `store`, for `stations`.
    public init(stations: [GatewayConfiguration.Station], store: Store) throws {
        self.init(stations: stations, sets: try store.calibrationSets())
    }

    /// The station key of `station`, the `position`-th (from 1): its
    /// `station_id` when given (`station_id:12345`), which survives a
    /// reordering of the file, else its position (`station:2`).
    public static func stationKey(of station: GatewayConfiguration.Station, position: Int) -> String {
        station.stationID.map { "station_id:\($0)" } ?? "station:\(position)"
    }

    /// The calibration of the device `serial` in force at `timestamp`:
    /// its station's latest set that took effect at or before then; none
    /// before the first.
    public func calibration(of serial: String, at timestamp: Int64) -> Calibration {
        let index = membership.stationIndex(of: serial)
        guard index < stationKeys.count, let sets = setsByStation[stationKeys[index]] else { return .none }
        return sets.last { $0.effectiveAt <= timestamp }?.calibration ?? .none
    }

    /// The sets to store at `now` so that the stored ones match `stations`:
    /// for a station with none stored yet, its set from the beginning
    /// (`effectiveAt` 0: nothing else was ever in force, and replayed or
    /// backfilled history is as far off as the sensor is now); for a
    /// station whose calibration differs from its latest stored set, its
    /// set from `now`.
    public func changedSets(for stations: [GatewayConfiguration.Station], at now: Int64) -> [CalibrationSetRecord] {
        stations.enumerated().compactMap { position, station in
            let key = Self.stationKey(of: station, position: position + 1)
            guard let latest = setsByStation[key]?.last else {
                return CalibrationSetRecord(station: key, effectiveAt: 0, calibration: station.calibration)
            }
            guard station.calibration != latest.calibration else { return nil }
            return CalibrationSetRecord(station: key, effectiveAt: now, calibration: station.calibration)
        }
    }

    /// The station's set in force before `set`, none when it is the first.
    func previous(of set: CalibrationSetRecord) -> Calibration {
        setsByStation[set.station]?.last { $0.effectiveAt < set.effectiveAt }?.calibration ?? .none
    }

    /// Every set it knows, of every station key.
    public var sets: [CalibrationSetRecord] { setsByStation.values.flatMap { $0 } }

    /// This correction with `sets` too (a set known twice counts once), for `stations`.
    public func adding(_ sets: [CalibrationSetRecord], stations: [GatewayConfiguration.Station]) -> ObservationCorrection {
        var known = self.sets
        for set in sets where !known.contains(set) { known.append(set) }
        return ObservationCorrection(stations: stations, sets: known)
    }
}
