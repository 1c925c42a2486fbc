/// What `status` says about forecasts: where for, and how fresh.
struct ForecastStatus: Sendable {
    /// The place asked for (`latitude,longitude`).
    var locationKey: String
    /// The forecast being served, if any.
    var served: ServedForecast?
}
