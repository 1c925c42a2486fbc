// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Storage
import TempestCloud

extension Ingestor {
    /// Stores, counts and publishes one strike of the WeatherFlow cloud's
    /// nearby-strikes feed (`geo_strike_listen_start`), received at
    /// `receivedAt` (the gateway's clock): where the cloud follower hands
    /// each `NearbyStrike`.
    ///
    /// Kept apart from the station's strikes: its own table, its own event
    /// topic (`NearbyStrikePublication`), never in the station's counters.
    /// Every strike is stored (the same one arriving again is one row); a
    /// new one of the last three hours is published through the outbox with its row, so no event
    /// leaves without its fact being durable. `mqtt.lightning_strikes` does
    /// not filter the feed: its marks are published for the reader to judge.
    public func ingestNearbyStrike(_ strike: NearbyStrike, receivedAt now: Int64) {
        var writes: [StoreWrite] = [.nearbyStrike(NearbyStrikeRecord(strike))]
        if nearbyStrikes.note(strike, now: now), let planner {
            writes += planner.planNearbyStrike(strike, receivedAt: now)
        }
        do {
            try writer.submit(writes)
        } catch {
            if refused.add(1, ordering: .relaxed).newValue == 1 {
                operatorLog.line("error: the store refused a message: \(error)")
            }
        }
    }
}
