// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// `obs_st`: one or more Tempest observation rows.
public struct TempestObservation: Hashable, Sendable {
    /// One row of `obs`, every value in protocol units; nil where the device
    /// sent `null` or the range policy discarded the value.
    public struct Row: Hashable, Sendable {
        /// Observation time.
        public var timestamp: UnixTimestamp
        /// Minimum 3-second wind sample in the interval, m/s (nil in power mode 3).
        public var windLullMetersPerSecond: Double?
        /// Average wind over the interval, m/s.
        public var windAverageMetersPerSecond: Double?
        /// Maximum 3-second wind sample in the interval, m/s.
        public var windGustMetersPerSecond: Double?
        /// Average direction the wind blows from, degrees (0 when calm).
        public var windDirectionDegrees: Double?
        /// Seconds between wind samples: 3, 6, 60 or 300 (reveals the power mode).
        public var windSampleIntervalSeconds: Int64?
        /// Pressure at the sensor's height (not sea level), mb (= hPa).
        public var stationPressureMillibars: Double?
        /// Air temperature, °C.
        public var airTemperatureCelsius: Double?
        /// Relative humidity, %.
        public var relativeHumidityPercent: Double?
        /// Illuminance, lux.
        public var illuminanceLux: Double?
        /// UV index.
        public var uvIndex: Double?
        /// Solar radiation, W/m².
        public var solarRadiationWattsPerSquareMeter: Double?
        /// Rain during the report interval (normally the previous minute), mm.
        public var rainAccumulatedMillimeters: Double?
        /// What the rain sensor detected.
        public var precipitationType: PrecipitationType?
        /// Average distance of the interval's strikes, km (0 when there were none).
        public var lightningStrikeAverageDistanceKilometers: Double?
        /// Strikes during the interval.
        public var lightningStrikeCount: Int64?
        /// Battery voltage, V.
        public var batteryVolts: Double?
        /// Report interval, minutes (normally 1).
        public var reportIntervalMinutes: Int64?
        /// REST/WebSocket only (index 18): rain since local midnight, mm.
        public var localDayRainAccumulationMillimeters: Double?
        /// REST/WebSocket only (index 19): Rain Check corrected interval rain, mm.
        public var nearCastRainAccumulationMillimeters: Double?
        /// REST/WebSocket only (index 20): Rain Check corrected rain since local midnight, mm.
        public var localDayNearCastRainAccumulationMillimeters: Double?
        /// REST/WebSocket only (index 21): 0 none, 1 Rain Check shown, 2 Rain Check hidden.
        public var precipitationAnalysisType: Int64?

        /// A row with only a timestamp; set the values you have.
        public init(timestamp: UnixTimestamp) {
            self.timestamp = timestamp
        }

        /// The power-save mode implied by the wind sample interval.
        public var powerSaveMode: PowerSaveMode? {
            windSampleIntervalSeconds.flatMap(PowerSaveMode.init(windSampleIntervalSeconds:))
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
