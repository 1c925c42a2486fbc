// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// A table whose old days are packed into `packed_days` (see `PackedColumns`).
///
/// Only the two tables that grow forever at default retention are packed:
/// per-minute observations and per-minute wind aggregates. Everything else is
/// either small (strikes, rain starts, daily summaries) or short-lived.
public enum PackedTable: String, CaseIterable, Sendable {
    /// `observations`, packed with the columns of `Store.observationColumns`.
    case observations
    /// `wind_minutes`, packed with `Store.windMinuteColumns`.
    case windMinutes = "wind_minutes"

    /// The table's name, also its key in `packed_days.source_table`.
    public var tableName: String { rawValue }

    /// The time column: the first packed column and the order of the rows.
    var timeColumn: String {
        switch self {
        case .observations: "timestamp"
        case .windMinutes: "minute_start"
        }
    }

    /// The columns packed, time first, in the order reads expect them.
    var columns: String {
        switch self {
        case .observations: Store.observationColumns
        case .windMinutes: Store.windMinuteColumns
        }
    }

    /// How many columns `columns` names.
    var columnCount: Int {
        columns.split(separator: ",").count
    }

    /// The row kept when a day's packed rows and live rows share a time.
    ///
    /// Observations keep the one stored first (the packed one), as
    /// `INSERT OR IGNORE` does for live rows. Wind minutes combine, as when
    /// late samples are aggregated into an existing minute.
    func resolve(packed: [Int64?], live: [Int64?]) -> [Int64?] {
        switch self {
        case .observations: packed
        case .windMinutes: Store.combinedWindMinute(packed, live)
        }
    }
}
