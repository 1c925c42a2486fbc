// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology

extension Store {
    /// Stores one queued write inside the caller's transaction, as the
    /// writer does for every item of a batch (and the spill file for what
    /// it keeps). Returns the outbox's answer for `.outbox`, nil otherwise.
    /// With `journal`, the facts a sink with a cursor delivers are listed in
    /// the commit journal as they are first stored (a repeat is not).
    @discardableResult
    func apply(
        _ write: StoreWrite, outboxLimits: OutboxLimits, journal: Bool = false, journalsRapidWind: Bool = false
    ) throws -> OutboxEnqueueResult? {
        switch write {
        case .observation(let record):
            if try insert(record), journal { try appendJournal(.observation, serial: record.serial, timestamp: record.timestamp) }
        case .verdict(let record): try insert(record)
        case .rapidWind(let record):
            if try insert(record), journal, journalsRapidWind {
                try appendJournal(.rapidWind, serial: record.serial, timestamp: record.timestamp)
            }
        case .lightningStrike(let record):
            if try insert(record), journal { try appendJournal(.lightningStrike, serial: record.serial, timestamp: record.timestamp) }
        case .nearbyStrike(let record): try insert(record)
        case .rainStart(let record):
            if try insert(record), journal { try appendJournal(.rainStart, serial: record.serial, timestamp: record.timestamp) }
        case .deviceStatus(let record): try insert(record)
        case .hubStatus(let record): try insert(record)
        case .dailySummary(let record):
            try upsert(record)
            if journal, let date = LocalDate(record.localDate) {
                try appendJournal(.dailySummary, serial: record.serial, timestamp: date.daysSince1970)
            }
        case .cloudRainDay(let record): try upsert(record)
        case .forecastSnapshot(let record): try insert(record)
        case .quarantine(let record): try insert(record)
        case .calibrationSet(let record): try insert(record)
        // Empty: the write a notice with no facts rides with (`StoreWriter.submit(_:notice:)`).
        case .acknowledgeOutbox(let ids): if !ids.isEmpty { try acknowledge(ids) }
        case .outbox(let message): return try enqueue(message, limits: outboxLimits)
        case .sinkCursor(let name, let position, let now): try setSinkCursor(named: name, position: position, now: now)
        case .sinkBackfill(let name, let next): try setSinkBackfill(named: name, next: next, end: nil)
        }
        return nil
    }
}
