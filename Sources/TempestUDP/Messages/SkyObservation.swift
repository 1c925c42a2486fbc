// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// `obs_sky`: observation rows from the older SKY sensor.
public struct SkyObservation: Hashable, Sendable {
    /// One row of `obs` in protocol units; nil where `null` or out of range.
    public struct Row: Hashable, Sendable {
        /// Observation time.
        public var timestamp: UnixTimestamp
        /// Illuminance, lux.
        public var illuminanceLux: Double?
        /// UV index.
        public var uvIndex: Double?
        /// Rain during the report interval, mm.
        public var rainAccumulatedMillimeters: Double?
        /// Minimum 3-second wind sample, m/s.
        public var windLullMetersPerSecond: Double?
        /// Average wind, m/s.
        public var windAverageMetersPerSecond: Double?
        /// Maximum 3-second wind sample, m/s.
        public var windGustMetersPerSecond: Double?
        /// Average direction the wind blows from, degrees.
        public var windDirectionDegrees: Double?
        /// Battery voltage, V (8 × AA).
        public var batteryVolts: Double?
        /// Report interval, minutes.
        public var reportIntervalMinutes: Int64?
        /// Solar radiation, W/m².
        public var solarRadiationWattsPerSquareMeter: Double?
        /// Rain since local midnight, mm: always `null` over UDP (the cloud computes it).
        public var localDayRainAccumulationMillimeters: Double?
        /// What the rain sensor detected.
        public var precipitationType: PrecipitationType?
        /// Seconds between wind samples.
        public var windSampleIntervalSeconds: Int64?
        /// REST/WebSocket only (index 14): Rain Check corrected interval rain, mm.
        public var nearCastRainAccumulationMillimeters: Double?
        /// REST/WebSocket only (index 15): Rain Check corrected rain since local midnight, mm.
        public var localDayNearCastRainAccumulationMillimeters: Double?
        /// REST/WebSocket only (index 16): precipitation analysis type code.
        public var precipitationAnalysisType: Int64?

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
