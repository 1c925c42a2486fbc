// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Storage
import TempestUDP

/// The recent strikes of every device, so that one strike arriving by two
/// ways (the station's UDP report, then the WeatherFlow WebSocket with the
/// cloud's mark, or the other way round) is counted and published once, and
/// so that with `mqtt.lightning_strikes = "confirmed"` a strike is published
/// when, and only when, the cloud confirms it.
///
/// The rule is the store's (`Store.insert(_: LightningStrikeRecord)`): a
/// strike from the cloud and one already seen for the same device and
/// second, or a station's strike and one the cloud already gave for that
/// second, are the same strike; its first copy's distance and energy stand
/// and its mark only upgrades. It keeps the newest `capacity` strikes (a
/// copy arrives seconds after the first, not hours); after a restart a
/// late second copy is stored once but may be published again.
struct StrikeMemory: Sendable {
    private struct Key: Hashable {
        var serial: String
        var timestamp: Int64
    }

    private struct Entry {
        var event: LightningStrikeEvent
        var mark: StrikeCloudMark?
        var counted: Bool
    }

    /// How many strikes are remembered.
    let capacity: Int
    private var entries: [Key: Entry] = [:]
    private var order: [Key] = []

    /// A memory of the newest `capacity` strikes.
    init(capacity: Int = 512) {
        self.capacity = max(1, capacity)
    }

    /// The strike to count and publish for `event` (as it came from the
    /// cloud when `fromCloud`), or nil when it is a copy already counted or
    /// not (yet) to be published. The strike returned carries the first
    /// copy's values and the best mark so far.
    mutating func admit(
        _ event: LightningStrikeEvent, serial: String, fromCloud: Bool, confirmedOnly: Bool
    ) -> LightningStrikeEvent? {
        let key = Key(serial: serial, timestamp: event.timestamp.secondsSince1970)
        let mark = fromCloud ? Self.storedMark(event.cloudMark) : nil
        if var entry = entries[key], fromCloud || entry.mark != nil {
            if let mark, mark > (entry.mark ?? .unmarked) || entry.mark == nil { entry.mark = mark }
            entry.event.cloudMark = entry.mark.flatMap { LightningStrikeMark(rawValue: $0.rawValue) }
            defer { entries[key] = entry }
            guard !entry.counted, Self.publishes(entry.mark, confirmedOnly: confirmedOnly) else { return nil }
            entry.counted = true
            return entry.event
        }
        var first = event
        if !fromCloud { first.cloudMark = nil }
        let counted = Self.publishes(mark, confirmedOnly: confirmedOnly)
        if entries[key] == nil {
            order.append(key)
            if order.count > capacity { entries[order.removeFirst()] = nil }
            entries[key] = Entry(event: first, mark: mark, counted: counted)
        }
        return counted ? first : nil
    }

    /// The store's mark for a strike from the cloud.
    static func storedMark(_ mark: LightningStrikeMark?) -> StrikeCloudMark {
        mark.flatMap { StrikeCloudMark(rawValue: $0.rawValue) } ?? .unmarked
    }

    /// Whether a strike with `mark` reaches the lightning entities, counters and events.
    static func publishes(_ mark: StrikeCloudMark?, confirmedOnly: Bool) -> Bool {
        !confirmedOnly || mark == .confirmed
    }
}
