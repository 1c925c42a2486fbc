// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Synchronization
import TempestCloud

/// The nearby-strikes feed's recent strikes (`weatherflow.nearby_strikes_kilometers`),
/// for the counts `status`, the web page and the gateway's Home Assistant
/// entities show, and to tell a strike arriving again from a new one.
///
/// Keeps the strikes of the last three hours (the longest window shown),
/// at most `capacity` of them: a storm over a 500 km radius can send
/// thousands, and the counts are then a floor (`isCapped`).
public final class NearbyStrikeTally: Sendable {
    /// What is shown: counts over the last hour and three hours, and the
    /// newest strike's distance and time.
    public struct Summary: Sendable, Equatable {
        /// Strikes in the last 60 minutes.
        public var lastHourCount: Int
        /// Strikes in the last 3 hours.
        public var lastThreeHoursCount: Int
        /// The newest strike's distance from its station, km, when known.
        public var lastDistanceKilometers: Double?
        /// The newest strike's time, Unix seconds.
        public var lastAt: Int64?
    }

    private struct Key: Hashable {
        var stationID: Int
        var timestamp: Int64
        var latitude: Double?
        var longitude: Double?
    }

    private struct State: ~Copyable {
        var keys = Set<Key>()
        var order: [(key: Key, distanceKilometers: Double?)] = []
    }

    /// The window kept, seconds.
    public static let windowSeconds: Int64 = 10_800
    /// Most strikes kept.
    public let capacity: Int
    private let state = Mutex(State())

    /// An empty tally keeping at most `capacity` strikes.
    public init(capacity: Int = 20_000) {
        self.capacity = max(1, capacity)
    }

    /// Notes `strike` at `now`; false when it was already noted (the same
    /// station, second and place) or is older than the window.
    public func note(_ strike: NearbyStrike, now: Int64) -> Bool {
        let key = Key(stationID: strike.stationID, timestamp: strike.timestamp.secondsSince1970, latitude: strike.latitude, longitude: strike.longitude)
        return state.withLock { state in
            Self.drop(&state, before: now - Self.windowSeconds)
            guard key.timestamp >= now - Self.windowSeconds, state.keys.insert(key).inserted else { return false }
            // Kept in time order: a late strike goes before the newer ones.
            let index = state.order.lastIndex { $0.key.timestamp <= key.timestamp }.map { $0 + 1 } ?? 0
            state.order.insert((key, strike.distanceKilometers), at: index)
            if state.order.count > capacity { state.keys.remove(state.order.removeFirst().key) }
            return true
        }
    }

    /// The counts and the newest strike at `now`.
    public func summary(now: Int64) -> Summary {
        state.withLock { state in
            var summary = Summary(lastHourCount: 0, lastThreeHoursCount: 0)
            for entry in state.order where entry.key.timestamp <= now && entry.key.timestamp > now - Self.windowSeconds {
                summary.lastThreeHoursCount += 1
                if entry.key.timestamp > now - 3_600 { summary.lastHourCount += 1 }
                summary.lastDistanceKilometers = entry.distanceKilometers
                summary.lastAt = entry.key.timestamp
            }
            return summary
        }
    }

    private static func drop(_ state: inout State, before cutoff: Int64) {
        let expired = state.order.prefix { $0.key.timestamp < cutoff }.count
        guard expired > 0 else { return }
        for entry in state.order.prefix(expired) { state.keys.remove(entry.key) }
        state.order.removeFirst(expired)
    }
}
