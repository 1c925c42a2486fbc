// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import HTTP
import JSON
import SystemSupport

/// Windy's Stations API v2 (in force since January 2026): one
/// `GET /api/v2/observation/update` per reading, metric
/// (`docs/design/uploads-research.md`, section 3).
///
/// Sent: `id` (the station id), `time` (ISO-8601 UTC), `temp` and
/// `dewpoint` (0.1 °C), `wind` and `gust` (0.1 m/s), `winddir` (whole
/// degrees), `rh` (whole %), `pressure` (whole Pa), `precip` (mm, 0.01),
/// `uv` (0.1), `solarradiation` (whole W/m²) and `softwaretype`. The station
/// password goes in an `Authorization: Bearer` header, never in the URL,
/// so no log or error can show it.
///
/// Answers: 200 is taken, and so is 409 (a duplicate: Windy has the
/// reading already). 401 (no password) is a rejected key; so is a 400 whose
/// JSON `message` speaks of the password (Windy's 400 covers a wrong
/// password and a payload that failed validation alike); another 400 is
/// refused. 429 is too soon, until the JSON `retry_after` time, or for the
/// `Retry-After` header's seconds (the longer when both are given).
///
/// Choices on unverified points: `rh` rather than `humidity`, because the
/// client written against the v2 reference (CumulusMX) sends `rh`, as the
/// legacy API documented. `pressure` is the sea-level pressure in Pa, as
/// Windy shows pressure beside its sea-level models; a station pressure
/// would read as a deep low, so without the sea-level value `pressure` is
/// left out. `precip` is the rain of the last 60 minutes: what CumulusMX and
/// SWS-12500 send; one client reads v2's `precip` as since midnight, which
/// nothing published confirms. Past readings are not sent: v2's limit is
/// unknown.
public struct WindyProtocol: UploadProtocol {
    /// Windy's upload URL: the v2 update endpoint on `stations.windy.com`.
    public static let defaultURL = "https://stations.windy.com/api/v2/observation/update"

    private let stationID: String
    private let url: String
    private let exchange: UploadExchange

    /// Uploads as `stationID` with `password` (the station's password, not
    /// the account's API key, which Windy refuses for uploads), to `url`
    /// when given, else `defaultURL`. A request gives up after
    /// `totalTimeoutSeconds`.
    public init(client: HTTPClient, stationID: String, password: Secret, url: String? = nil, totalTimeoutSeconds: Double = 20) {
        self.stationID = stationID
        self.url = url ?? Self.defaultURL
        self.exchange = UploadExchange(client: client, key: password, totalTimeoutSeconds: totalTimeoutSeconds)
    }

    public func send(_ readings: [UploadReading]) async throws(UploadError) {
        let authorization = exchange.key.withValue { (name: "Authorization", value: "Bearer " + $0) }
        try await exchange.getEach(readings, from: url, headers: [authorization], query: query, check: check)
    }

    /// The query of one reading (no password: that is a header).
    func query(_ reading: UploadReading) -> String {
        var query = UploadQuery()
        query.add("id", stationID)
        query.add("time", UploadTime.iso8601(reading.timestamp))
        query.add("temp", reading.airTemperatureCelsius, decimals: 1)
        query.add("dewpoint", reading.dewPointCelsius, decimals: 1)
        query.add("rh", reading.relativeHumidityPercent, decimals: 0)
        query.add("wind", reading.windAverageMetersPerSecond, decimals: 1)
        query.add("gust", reading.windGustMetersPerSecond, decimals: 1)
        query.add("winddir", reading.windDirectionDegrees, decimals: 0)
        query.add("pressure", reading.seaLevelPressureHectopascals.map { $0 * 100 }, decimals: 0)
        query.add("precip", reading.rainLastHourMillimeters, decimals: 2)
        query.add("uv", reading.uvIndex, decimals: 1)
        query.add("solarradiation", reading.solarRadiationWattsPerSquareMeter, decimals: 0)
        query.add("softwaretype", UploadExchange.softwareType)
        return query.text
    }

    /// Throws unless `response` says the reading was taken (or was had already).
    private func check(_ response: HTTPResponse) throws(UploadError) {
        let status = response.statusCode
        if (200..<300).contains(status) || status == 409 { return }
        let json = try? JSONValue.parse(response.bodyText)
        let message = json?["message"]?.stringValue
        switch status {
        case 400:
            let words = message ?? response.bodyText
            throw exchange.error(words.lowercased().contains("password") ? .rejectedKey : .refused(statusCode: 400), words)
        case 429:
            let untilRetryAfter = json?["retry_after"]?.stringValue.flatMap(UploadTime.parseISO8601).map {
                Double(max(0, $0 - RetryAfter.currentUnixSeconds()))
            }
            let header = UploadExchange.retryAfterSeconds(response)
            let wait = [untilRetryAfter, header].compactMap { $0 }.max()
            throw exchange.error(.tooSoon, message ?? response.bodyText, retryAfterSeconds: wait)
        default:
            throw exchange.failure(response)
        }
    }
}
