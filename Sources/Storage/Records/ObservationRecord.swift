// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// One observation row from `obs_st`, `obs_air` or `obs_sky`, in protocol
/// units. Fields a layout does not carry, and values the device sent as
/// null, are nil.
public struct ObservationRecord: Sendable, Equatable {
    /// Which message layout the row came from.
    public enum Kind: Int64, Sendable, CaseIterable {
        /// Tempest `obs_st`.
        case tempest = 0
        /// AIR `obs_air`.
        case air = 1
        /// SKY `obs_sky`.
        case sky = 2
    }

    /// Where the row came from.
    public enum Source: Int64, Sendable, CaseIterable {
        /// A live UDP broadcast from the hub.
        case udp = 0
        /// The WeatherFlow REST API (fallback when UDP is silent).
        case rest = 1
        /// A REST history download filling a gap.
        case backfill = 2
        /// The WeatherFlow WebSocket (live data pushed by the cloud).
        case websocket = 3
    }

    /// Serial of the device that measured (for example `ST-00187342`).
    public var serial: String
    /// Observation time, seconds since the Unix epoch (UTC).
    public var timestamp: Int64
    /// The layout.
    public var kind: Kind
    /// The origin.
    public var source: Source
    /// When the gateway received the row (epoch seconds), if known. Stored
    /// as a lag after `timestamp`; a receipt before the timestamp counts as 0.
    public var receivedAt: Int64?
    /// The relaying hub, if known: updates the device table, not stored per row.
    public var hubSerial: String?
    /// The device firmware, if known: updates the device table, not stored per row.
    public var firmwareRevision: Int?

    /// Minimum 3-s wind sample, m/s.
    public var windLullMetersPerSecond: Double?
    /// Average wind over the interval, m/s.
    public var windAverageMetersPerSecond: Double?
    /// Maximum 3-s wind sample, m/s.
    public var windGustMetersPerSecond: Double?
    /// Average wind direction, degrees.
    public var windDirectionDegrees: Int?
    /// Wind sample interval, seconds.
    public var windSampleIntervalSeconds: Int?
    /// Station pressure at sensor height, millibars.
    public var stationPressureMillibars: Double?
    /// Air temperature, °C.
    public var airTemperatureCelsius: Double?
    /// Relative humidity, percent.
    public var relativeHumidityPercent: Double?
    /// Illuminance, lux.
    public var illuminanceLux: Int?
    /// UV index.
    public var uvIndex: Double?
    /// Solar radiation, W/m².
    public var solarRadiationWattsPerSquareMeter: Int?
    /// Rain during the previous interval, mm.
    public var rainAccumulatedMillimeters: Double?
    /// Precipitation type code (0 none, 1 rain, 2 hail, 3 rain and hail).
    public var precipitationType: Int?
    /// Average lightning strike distance in the interval, km (0 when none).
    public var lightningStrikeAverageDistanceKilometers: Int?
    /// Lightning strikes in the interval.
    public var lightningStrikeCount: Int?
    /// Battery voltage, volts.
    public var batteryVolts: Double?
    /// Report interval, minutes.
    public var reportIntervalMinutes: Int?
    /// REST only: rain since local midnight, mm.
    public var localDayRainAccumulationMillimeters: Double?
    /// REST only: NearCast-corrected rain in the interval, mm.
    public var nearCastRainAccumulationMillimeters: Double?
    /// REST only: NearCast-corrected rain since local midnight, mm.
    public var localDayNearCastRainAccumulationMillimeters: Double?
    /// REST only: precipitation analysis type code.
    public var precipitationAnalysisType: Int?

    /// Creates a record with the identifying fields; measurements start nil.
    public init(serial: String, timestamp: Int64, kind: Kind, source: Source, receivedAt: Int64? = nil) {
        self.serial = serial
        self.timestamp = timestamp
        self.kind = kind
        self.source = source
        self.receivedAt = receivedAt
    }
}
