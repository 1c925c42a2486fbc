// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// One fact in the commit journal, in the order it was committed: what a
/// sink with a cursor delivers next (`Store.journalEntries(after:limit:)`).
public struct JournalEntry: Sendable, Equatable {
    /// Which table the fact is in.
    public enum Kind: Int64, Sendable, CaseIterable {
        /// A row of `observations` (any device kind).
        case observation = 1
        /// A lightning strike.
        case lightningStrike = 2
        /// A rain start.
        case rainStart = 3
        /// A daily summary written (again): its `timestamp` is the local
        /// date as days since 1970-01-01 (`LocalDate(daysSince1970:)`).
        case dailySummary = 4
        /// A 3-second wind sample (journaled only when a sink asks for them,
        /// `StoreWriterConfiguration.journalsRapidWind`).
        case rapidWind = 5
    }

    /// The entry's position: grows with every entry, never reused.
    public var id: Int64
    /// Which table.
    public var kind: Kind
    /// The device's serial.
    public var serial: String
    /// The fact's own timestamp, epoch seconds (with the serial, its key).
    public var timestamp: Int64

    /// Makes one.
    public init(id: Int64, kind: Kind, serial: String, timestamp: Int64) {
        self.id = id
        self.kind = kind
        self.serial = serial
        self.timestamp = timestamp
    }
}
