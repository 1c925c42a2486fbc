// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON
import Pipeline
import Storage
import TempestCloud
import TempestUDP

/// How a strike of the nearby-strikes feed is published: one JSON event on
/// `<base>/gateway/event/nearby_lightning` (`TopicLayout.gatewayEvent`),
/// through the outbox like every event, never retained.
///
/// The feed is the cloud's, for all the gateway's stations, so it goes
/// under the gateway rather than under a device serial, and its name says
/// "nearby" so that it is never taken for the station's own
/// `event/lightning_strike`. Members: `station_id`, `timestamp` and `time`
/// (Unix seconds and ISO 8601), `distance` (km: events stay in protocol units,
/// like the station's), `latitude` and `longitude` (degrees),
/// `energy`, `cloud_mark` (`enhanced` or `confirmed`, when given),
/// `received_at`; a value the cloud did not give is null.
public enum NearbyStrikePublication {
    /// The event kind, the last level of the topic.
    public static let kind = "nearby_lightning"

    /// The outbox entry for `strike`, received at `receivedAt`.
    public static func event(_ strike: NearbyStrike, format: PublicationFormat, receivedAt: Int64) -> OutboxMessage {
        var json = JSONWriter()
        json.beginObject()
        json.member("station_id", Int64(strike.stationID))
        json.member("timestamp", strike.timestamp.secondsSince1970)
        json.member("time", UTCTime.iso8601(strike.timestamp))
        json.member("distance", strike.distanceKilometers)
        json.member("latitude", strike.latitude)
        json.member("longitude", strike.longitude)
        json.member("energy", strike.energy)
        if let mark = strike.cloudMark { json.member("cloud_mark", mark.name) }
        json.member("received_at", receivedAt)
        json.endObject()
        return OutboxMessage(
            topic: format.layout.gatewayEvent(kind: kind), payload: Array(json.text.utf8), qos: format.qos, retain: false,
            priority: .event, createdAt: receivedAt)
    }

    /// The gateway value of the newest strike's distance (converted like
    /// the station's `lightning_strike_last_distance`).
    public static let distanceField = "nearby_lightning_last_distance"
    /// The gateway value of the strikes of the last hour.
    public static let lastHourCountField = "nearby_lightning_count_last_hour"

}
