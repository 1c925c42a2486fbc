// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// What the cloud follower is doing, for `status`.
public struct CloudFollowerState: Sendable {
    /// How one device (Tempest, AIR or SKY) is being followed.
    public struct Device: Sendable {
        /// The device's id in the WeatherFlow cloud.
        public var deviceID: Int
        /// The station it belongs to.
        public var stationID: Int = 0
        /// Polling REST because UDP is quiet.
        public var pollingREST = false
        /// When UDP quiet began to be handled by REST (epoch seconds).
        public var pollingSince: Int64?
        /// Rows taken from REST while UDP was quiet.
        public var restRows = 0
        /// Rows that filled gaps.
        public var backfilledRows = 0
        /// When gaps were last checked.
        public var lastGapCheckAt: Int64?
    }

    /// One station followed, with its RainCheck rain.
    public struct Station: Sendable {
        /// The WeatherFlow station id.
        public var stationID: Int
        /// Its name in the account.
        public var name: String?
        /// The cloud's rain today after RainCheck, mm (nil until fetched).
        public var rainTodayRainCheckMillimeters: Double?
        /// The cloud's rain yesterday after RainCheck, mm.
        public var rainYesterdayRainCheckMillimeters: Double?
        /// When the RainCheck values were fetched.
        public var rainCheckAt: Int64?
    }

    /// The stations followed, once known, in configuration order.
    public var stations: [Station] = []
    /// The devices followed, by serial.
    public var devices: [String: Device] = [:]

    /// The first station followed (the only one of most gateways).
    public var stationID: Int? { stations.first?.stationID }
    /// The first station's rain today after RainCheck, mm.
    public var rainTodayRainCheckMillimeters: Double? { stations.first?.rainTodayRainCheckMillimeters }
    /// The first station's rain yesterday after RainCheck, mm.
    public var rainYesterdayRainCheckMillimeters: Double? { stations.first?.rainYesterdayRainCheckMillimeters }
    /// When the first station's RainCheck values were fetched.
    public var rainCheckAt: Int64? { stations.first?.rainCheckAt }
    /// The last REST failure, in words (the token never appears in it).
    public var lastError: String?
    /// When that failure happened.
    public var lastErrorAt: Int64?
}
