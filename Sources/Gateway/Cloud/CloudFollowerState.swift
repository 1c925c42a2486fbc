/// What the cloud follower is doing, for `status`.
struct CloudFollowerState: Sendable {
    /// How one Tempest is being followed.
    struct Device: Sendable {
        /// The device's id in the WeatherFlow cloud.
        var deviceID: Int
        /// Polling REST because UDP is quiet.
        var pollingREST = false
        /// When UDP quiet began to be handled by REST (epoch seconds).
        var pollingSince: Int64?
        /// Rows taken from REST while UDP was quiet.
        var restRows = 0
        /// Rows that filled gaps.
        var backfilledRows = 0
        /// When gaps were last checked.
        var lastGapCheckAt: Int64?
    }

    /// The station followed, once known.
    var stationID: Int?
    /// The Tempests followed, by serial.
    var devices: [String: Device] = [:]
    /// The cloud's rain today after RainCheck, mm (nil until fetched).
    var rainTodayRainCheckMillimeters: Double?
    /// The cloud's rain yesterday after RainCheck, mm.
    var rainYesterdayRainCheckMillimeters: Double?
    /// When the RainCheck values were fetched.
    var rainCheckAt: Int64?
    /// The last REST failure, in words (the token never appears in it).
    var lastError: String?
    /// When that failure happened.
    var lastErrorAt: Int64?
}
