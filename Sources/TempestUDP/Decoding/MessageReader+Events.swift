// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// `evt_precip`, `evt_strike` and `rapid_wind`: one flat positional array each.
extension MessageReader {
    mutating func readRainStart(_ envelope: consuming MessageEnvelope) throws(DecodeError) -> RainStartEvent {
        let evt = try readPositionalArray(at: keys[.evt], key: "evt", minimum: 1, cap: 8)
        return RainStartEvent(envelope: envelope, timestamp: try readTimestamp(at: evt.slot(0), field: "timestamp"))
    }

    mutating func readLightningStrike(_ envelope: consuming MessageEnvelope) throws(DecodeError) -> LightningStrikeEvent {
        let evt = try readPositionalArray(at: keys[.evt], key: "evt", minimum: 3, cap: 8)
        return LightningStrikeEvent(
            envelope: envelope,
            timestamp: try readTimestamp(at: evt.slot(0), field: "timestamp"),
            distanceKilometers: try readMeasurement(
                at: evt.slot(1), field: "distance", bounds: RangePolicy.strikeDistanceKilometers),
            energy: try readMeasurement(at: evt.slot(2), field: "energy", bounds: RangePolicy.unbounded)
        )
    }

    mutating func readRapidWind(_ envelope: consuming MessageEnvelope) throws(DecodeError) -> RapidWindObservation {
        let ob = try readPositionalArray(at: keys[.ob], key: "ob", minimum: 3, cap: 8)
        return RapidWindObservation(
            envelope: envelope,
            timestamp: try readTimestamp(at: ob.slot(0), field: "timestamp"),
            windSpeedMetersPerSecond: try readMeasurement(
                at: ob.slot(1), field: "wind_speed", bounds: RangePolicy.windSpeedMetersPerSecond),
            windDirectionDegrees: try readMeasurement(
                at: ob.slot(2), field: "wind_direction", bounds: RangePolicy.windDirectionDegrees)
        )
    }
}
