// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON
import Pipeline
import TempestUDP

extension StatusReport {
    /// The nearby-strikes feed in one sentence, labels before values.
    static func nearbyStrikesText(_ summary: NearbyStrikeTally.Summary, now: Int64) -> String {
        var line = "Nearby lightning (other stations, from the WeatherFlow cloud): "
            + "\(Plural.count(summary.lastThreeHoursCount, "strike")) in the last 3 hours, \(summary.lastHourCount) in the last hour"
        if let at = summary.lastAt {
            line += "; last strike \(Plural.count(max(0, now - at), "second")) ago"
            if let distance = summary.lastDistanceKilometers { line += ", \(JSONWriter.format(distance)) kilometres away" }
        }
        return line + "."
    }

    /// The feed's member of the JSON report: `nearby_strikes`, present only
    /// while the feed is on.
    static func writeNearbyStrikes(_ summary: NearbyStrikeTally.Summary, into json: inout JSONWriter) {
        json.key("nearby_strikes")
        json.beginObject()
        json.member("last_hour", Int64(summary.lastHourCount))
        json.member("last_3_hours", Int64(summary.lastThreeHoursCount))
        json.member("last_distance_km", summary.lastDistanceKilometers)
        json.member("last_at", summary.lastAt.map { UTCTime.iso8601(UnixTimestamp(secondsSince1970: $0)) })
        json.endObject()
    }
}
