// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension Store {
    /// Stores one queued write inside the caller's transaction, as the
    /// writer does for every item of a batch (and the spill file for what
    /// it keeps). Returns the outbox's answer for `.outbox`, nil otherwise.
    @discardableResult
    func apply(_ write: StoreWrite, outboxLimits: OutboxLimits) throws -> OutboxEnqueueResult? {
        switch write {
        case .observation(let record): try insert(record)
        case .rapidWind(let record): try insert(record)
        case .lightningStrike(let record): try insert(record)
        case .nearbyStrike(let record): try insert(record)
        case .rainStart(let record): try insert(record)
        case .deviceStatus(let record): try insert(record)
        case .hubStatus(let record): try insert(record)
        case .dailySummary(let record): try upsert(record)
        case .forecastSnapshot(let record): try insert(record)
        case .quarantine(let record): try insert(record)
        case .acknowledgeOutbox(let ids): try acknowledge(ids)
        case .outbox(let message): return try enqueue(message, limits: outboxLimits)
        }
        return nil
    }
}
