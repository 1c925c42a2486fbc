import Forecast

/// The forecast the service serves: the newest one fetched, or, while
/// Open-Meteo cannot be reached, the last one stored, with when it was
/// fetched (its age is published alongside).
struct ServedForecast: Sendable {
    /// The decoded forecast.
    var response: ForecastResponse
    /// When it was fetched, Unix seconds.
    var fetchedAt: Int64
    /// Whether the latest poll succeeded (false: Open-Meteo is unreachable
    /// and this is the last forecast that arrived).
    var isCurrent: Bool
    /// Why the latest poll failed, when it did.
    var lastError: String?

    /// Whole minutes since the fetch.
    func ageMinutes(now: Int64) -> Int64 { max(0, now - fetchedAt) / 60 }
}
