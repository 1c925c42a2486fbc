// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// When the gateway turns to the WeatherFlow REST API, and how much it asks of it.
public struct CloudFollowerSettings: Sendable {
    /// Poll REST once no `obs_st` came over UDP for this long (3 minutes:
    /// three missed one-minute reports).
    public var quietSeconds: Int64 = 180
    /// The same for a Tempest in power-save mode 3, which reports only every
    /// five minutes.
    public var powerSaveQuietSeconds: Int64 = 900
    /// Seconds between rounds (REST polls while UDP is quiet, gap checks).
    public var pollIntervalSeconds: Double = 60
    /// A hole longer than this between stored observations is a gap to fill.
    public var gapSeconds: Int64 = 120
    /// How far back gaps are filled (5 days; 0 turns backfill off).
    public var horizonSeconds: Int64 = 5 * 86_400
    /// REST requests one round may spend on backfill (each covers up to 5
    /// days), which keeps the gateway far below the API's rate limit.
    public var backfillRequestsPerRound = 3
    /// Seconds between fetches of the station's RainCheck-corrected rain.
    public var rainCheckIntervalSeconds: Int64 = 600
    /// The station to follow; nil picks the account's only station, or the
    /// one whose devices are heard over UDP. Used when ``stations`` is empty.
    public var stationID: Int?
    /// The configured stations to follow (every `[[station]]`); empty:
    /// ``stationID`` alone.
    public var stations: [CloudStationChoice] = []

    /// What the roster looks for: ``stations``, else ``stationID``.
    public var choices: [CloudStationChoice] {
        stations.isEmpty ? [CloudStationChoice(stationID: stationID)] : stations
    }

    /// Makes one from its parts.
    public init(quietSeconds: Int64 = 180, powerSaveQuietSeconds: Int64 = 900, pollIntervalSeconds: Double = 60, gapSeconds: Int64 = 120, horizonSeconds: Int64 = 5 * 86_400, rainCheckIntervalSeconds: Int64 = 600, stationID: Int? = nil) {
        self.quietSeconds = quietSeconds
        self.powerSaveQuietSeconds = powerSaveQuietSeconds
        self.pollIntervalSeconds = pollIntervalSeconds
        self.gapSeconds = gapSeconds
        self.horizonSeconds = horizonSeconds
        self.rainCheckIntervalSeconds = rainCheckIntervalSeconds
        self.stationID = stationID
    }
}
