/// When the gateway turns to the WeatherFlow REST API, and how much it asks of it.
struct CloudFollowerSettings: Sendable {
    /// Poll REST once no `obs_st` came over UDP for this long (3 minutes:
    /// three missed one-minute reports).
    var quietSeconds: Int64 = 180
    /// The same for a Tempest in power-save mode 3, which reports only every
    /// five minutes.
    var powerSaveQuietSeconds: Int64 = 900
    /// Seconds between rounds (REST polls while UDP is quiet, gap checks).
    var pollIntervalSeconds: Double = 60
    /// A hole longer than this between stored observations is a gap to fill.
    var gapSeconds: Int64 = 120
    /// How far back gaps are filled (5 days; 0 turns backfill off).
    var horizonSeconds: Int64 = 5 * 86_400
    /// REST requests one round may spend on backfill (each covers up to 5
    /// days), which keeps the gateway far below the API's rate limit.
    var backfillRequestsPerRound = 3
    /// Seconds between fetches of the station's RainCheck-corrected rain.
    var rainCheckIntervalSeconds: Int64 = 600
    /// The station to follow; nil picks the account's only station, or the
    /// one whose devices are heard over UDP.
    var stationID: Int?
}
