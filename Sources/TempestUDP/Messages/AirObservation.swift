// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// `obs_air`: observation rows from the older AIR sensor.
public struct AirObservation: Hashable, Sendable {
    /// One row of `obs` in protocol units; nil where `null` or out of range.
    public struct Row: Hashable, Sendable {
        /// Observation time.
        public var timestamp: UnixTimestamp
        /// Pressure at the sensor's height, mb.
        public var stationPressureMillibars: Double?
        /// Air temperature, °C.
        public var airTemperatureCelsius: Double?
        /// Relative humidity, %.
        public var relativeHumidityPercent: Double?
        /// Strikes during the interval.
        public var lightningStrikeCount: Int64?
        /// Average strike distance, km (0 when there were none).
        public var lightningStrikeAverageDistanceKilometers: Double?
        /// Battery voltage, V (4 × AA).
        public var batteryVolts: Double?
        /// Report interval, minutes.
        public var reportIntervalMinutes: Int64?

        /// A row with only a timestamp; set the values you have.
        public init(timestamp: UnixTimestamp) {
            self.timestamp = timestamp
        }
    }

    /// Sender and relaying hub.
    public var envelope: MessageEnvelope
    /// The rows, in the order sent (at least one).
    public var rows: [Row]

    /// Creates an observation.
    public init(envelope: MessageEnvelope, rows: [Row]) {
        self.envelope = envelope
        self.rows = rows
    }
}
