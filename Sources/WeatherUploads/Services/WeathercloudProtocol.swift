// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import HTTP
import Pipeline
import SystemSupport

/// Weathercloud's upload: one `GET /v01/set` per reading, whole numbers in
/// tenths of metric units (`docs/design/uploads-research.md`, section 4;
/// its documentation is private, so this follows weewx-wcloud, pywws and
/// CumulusMX).
///
/// Sent: `wid`, `key`, `date` (`YYYYMMDD`) and `time` (`HHMM`), both UTC;
/// `temp` and `dew` (°C ×10), `hum` (%), `wdir` (degrees), `wspd` and
/// `wspdhi` (m/s ×10; the gust of the reading's interval), `bar` (sea-level
/// hPa ×10; left out without it), `rain` (mm since local midnight ×10),
/// `rainrate` (mm/h ×10), `uvi` (×10), `solarrad` (W/m² ×10) and `ver` (the
/// gateway's version).
///
/// Answers: Weathercloud writes its code as the body (`200`, `400`, `401`,
/// `429`, `500`) and CumulusMX reads the same codes as the HTTP status, so
/// both are read: a 2xx whose body is `200` (or empty) is taken; otherwise
/// the body's code when the status is 2xx, else the status, says why: 401 a
/// rejected key ("invalid wid or key"), 429 too soon, anything else refused.
///
/// Choices on unverified points: `type`, the software id Weathercloud
/// assigns to each program (251 for weewx, 481 for pywws), is left out: the
/// gateway has none, and another program's id would be a lie. `rainrate` is
/// the last 60 minutes' rain as mm/h, the rate the reading can vouch for (a
/// momentary rate it does not carry). A sensor that is missing is left out
/// rather than sent as -32768, which Weathercloud asked for a broken sensor:
/// a value the gateway lacks is not known to be a broken one. Past readings
/// are not sent: `time` has minutes only, and acceptance is not verified.
public struct WeathercloudProtocol: UploadProtocol {
    /// Weathercloud's upload URL.
    public static let defaultURL = "https://api.weathercloud.net/v01/set"

    private let stationID: String
    private let url: String
    private let exchange: UploadExchange

    /// Uploads as device `stationID` (Weathercloud's `wid`) with `key`, to
    /// `url` when given, else `defaultURL`. A request gives up after
    /// `totalTimeoutSeconds`.
    public init(client: HTTPClient, stationID: String, key: Secret, url: String? = nil, totalTimeoutSeconds: Double = 20) {
        self.stationID = stationID
        self.url = url ?? Self.defaultURL
        self.exchange = UploadExchange(client: client, key: key, totalTimeoutSeconds: totalTimeoutSeconds)
    }

    public func send(_ readings: [UploadReading]) async throws(UploadError) {
        try await exchange.getEach(readings, from: url, query: query, check: check)
    }

    /// The query of one reading, `key` included.
    func query(_ reading: UploadReading) -> String {
        var query = UploadQuery()
        query.add("wid", stationID)
        exchange.key.withValue { query.add("key", $0) }
        let (date, time) = UploadTime.compactDateAndTime(reading.timestamp)
        query.add("date", date)
        query.add("time", time)
        query.add("temp", reading.airTemperatureCelsius, scaledBy: 10)
        query.add("dew", reading.dewPointCelsius, scaledBy: 10)
        query.add("hum", reading.relativeHumidityPercent, scaledBy: 1)
        query.add("wdir", reading.windDirectionDegrees, scaledBy: 1)
        query.add("wspd", reading.windAverageMetersPerSecond, scaledBy: 10)
        query.add("wspdhi", reading.windGustMetersPerSecond, scaledBy: 10)
        query.add("bar", reading.seaLevelPressureHectopascals, scaledBy: 10)
        query.add("rain", reading.rainSinceMidnightMillimeters, scaledBy: 10)
        // The last hour's rain in mm is its mean rate in mm/h.
        query.add("rainrate", reading.rainLastHourMillimeters, scaledBy: 10)
        query.add("uvi", reading.uvIndex, scaledBy: 10)
        query.add("solarrad", reading.solarRadiationWattsPerSquareMeter, scaledBy: 10)
        query.add("ver", GatewayVersion.current)
        return query.text
    }

    /// Throws unless `response` says the reading was taken.
    private func check(_ response: HTTPResponse) throws(UploadError) {
        let body = response.bodyText.trimmingWhitespace()
        let bodyCode = Int(body)
        let statusIsSuccess = (200..<300).contains(response.statusCode)
        if statusIsSuccess, body.isEmpty || bodyCode == 200 { return }
        let code = statusIsSuccess ? (bodyCode ?? response.statusCode) : response.statusCode
        let words = body.isEmpty ? "HTTP \(response.statusCode)" : body
        switch code {
        case 401: throw exchange.error(.rejectedKey, words)
        case 429: throw exchange.error(.tooSoon, words, retryAfterSeconds: UploadExchange.retryAfterSeconds(response))
        default: throw exchange.error(.refused(statusCode: code), words)
        }
    }
}
