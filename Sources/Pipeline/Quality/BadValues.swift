// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Storage

/// The values stored verdicts judged bad, by device and row time: what a
/// read path (export, uploads) leaves out of the rows it read, so a bad value
/// is missing there as on MQTT, while the store keeps it raw.
public struct BadValues: Sendable, Equatable {
    private struct Row: Hashable, Sendable {
        var serial: String
        var timestamp: Int64
    }

    private var fields: [Row: [String]] = [:]

    /// The bad values among `verdicts` (suspect ones are kept as they are).
    public init(_ verdicts: [ObservationVerdictRecord]) {
        for verdict in verdicts where verdict.verdict == QualityVerdict.bad.rawValue {
            fields[Row(serial: verdict.serial, timestamp: verdict.timestamp), default: []].append(verdict.field)
        }
    }

    /// Whether no value is bad.
    public var isEmpty: Bool { fields.isEmpty }

    /// `record` with every value judged bad made missing.
    public func removing(from record: ObservationRecord) -> ObservationRecord {
        guard let names = fields[Row(serial: record.serial, timestamp: record.timestamp)] else { return record }
        var record = record
        for name in names { ObservationRecord.landings.byName[name]?.write(nil, into: &record) }
        return record
    }

    /// `rows` with every value `verdicts` judged bad made missing.
    public static func removing(from rows: [ObservationRecord], verdicts: [ObservationVerdictRecord]) -> [ObservationRecord] {
        let bad = BadValues(verdicts)
        return bad.isEmpty ? rows : rows.map(bad.removing)
    }
}

extension Store {
    /// The bad values of `serial`'s rows from `from` to `to` (inclusive).
    public func badValues(serial: String, from: Int64, to: Int64) throws -> BadValues {
        BadValues(try verdicts(serial: serial, from: from, to: to))
    }

    /// `record`, read from this store, with its bad values missing.
    public func withoutBadValues(_ record: ObservationRecord) throws -> ObservationRecord {
        try badValues(serial: record.serial, from: record.timestamp, to: record.timestamp).removing(from: record)
    }

    /// `serial`'s observation at `timestamp` with its bad values missing (nil: none stored).
    public func observationWithoutBadValues(serial: String, timestamp: Int64) throws -> ObservationRecord? {
        try observation(serial: serial, timestamp: timestamp).map(withoutBadValues)
    }
}
