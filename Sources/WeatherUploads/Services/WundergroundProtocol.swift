// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import HTTP
import Meteorology
import SystemSupport

/// Weather Underground's and PWSweather's upload protocol (PWSweather took
/// Weather Underground's): one GET of `updateweatherstation.php`-style
/// parameters per reading, in imperial units (`docs/design/uploads-research.md`,
/// sections 1 and 2).
///
/// Sent: `ID`, `PASSWORD`, `action=updateraw`, `dateutc` (UTC,
/// `YYYY-MM-DD HH:MM:SS`), `tempf` and `dewptf` (0.1 °F, which keeps the
/// upload within 0.05 °F of the station), `humidity` (whole %),
/// `windspeedmph` and `windgustmph` (0.1 mph), `winddir` (whole degrees),
/// `baromin` (sea-level pressure, 0.001 inHg; left out without it, as station
/// pressure would read as a storm), `rainin` (the last 60 minutes) and
/// `dailyrainin` (since local midnight), both to 0.001 in so that a single
/// 0.01 mm tip is not lost to rounding, `solarradiation` (whole W/m²), `UV`
/// (0.1, the upper-case name of the protocol page) and `softwaretype`.
///
/// RapidFire (`realTimeIntervalSeconds` given, Weather Underground only):
/// the same request to `rtupdate.wunderground.com` with `realtime=1` and
/// `rtfreq=<seconds>`; the caller's readings carry the last 3-second wind.
///
/// Answers, Weather Underground: only a 200 whose body is `success` is
/// taken; 401 or 403 (`unauthorized`), or the older body
/// `INVALIDPASSWORDID|…`, is a rejected key; 429 is too soon (no
/// Retry-After is documented, one is used when given); anything else
/// is refused. PWSweather: a 2xx without `ERROR` or `invalid` is taken;
/// `ERROR: Not a vailid Station ID/Password` (their spelling; weewx reads any
/// `ERROR` as a bad login) or 401/403 is a rejected key; a 2xx with
/// `invalid` (`Data parameters invalid, NOT logged.`) is refused.
///
/// Unverified points, and the choice made: neither service documents how
/// old a reading may be (Weather Underground takes an old `dateutc` in
/// practice, with no stated limit), so neither gets past readings: only the
/// newest, as for every service but Met Office WOW and OpenWeatherMap.
public struct WundergroundProtocol: UploadProtocol {
    /// Which of the two networks.
    public enum Service: Sendable, Equatable {
        /// Weather Underground.
        case wunderground
        /// PWSweather (Vaisala Xweather).
        case pwsweather
    }

    /// Weather Underground's upload URL.
    public static let wundergroundURL = "https://weatherstation.wunderground.com/weatherstation/updateweatherstation.php"
    /// Weather Underground's RapidFire URL: another host, the same path.
    public static let rapidFireURL = "https://rtupdate.wunderground.com/weatherstation/updateweatherstation.php"
    /// PWSweather's current upload URL (the one its newer clients use; the
    /// legacy `https://www.pwsweather.com/pwsupdate/pwsupdate.php` takes the
    /// same parameters and can be given as `url`).
    public static let pwsweatherURL = "https://pwsupdate.pwsweather.com/api/v1/submitwx"

    /// Which network it speaks to.
    public let service: Service
    /// The seconds between RapidFire readings; nil in the normal mode.
    public let realTimeIntervalSeconds: Double?
    private let stationID: String
    private let url: String
    private let exchange: UploadExchange

    /// Uploads as `stationID` with `key` (the station key or password), to
    /// `url` when given (in both modes), else the service's own. With
    /// `realTimeIntervalSeconds` (Weather Underground only; ignored for
    /// PWSweather, which has no RapidFire) readings go to RapidFire at that
    /// pace. A request gives up after `totalTimeoutSeconds`.
    public init(
        service: Service, client: HTTPClient, stationID: String, key: Secret, url: String? = nil, realTimeIntervalSeconds: Double? = nil,
        totalTimeoutSeconds: Double = 20
    ) {
        self.service = service
        self.stationID = stationID
        let realTime = service == .wunderground ? realTimeIntervalSeconds : nil
        self.realTimeIntervalSeconds = realTime
        switch service {
        case .wunderground: self.url = url ?? (realTime == nil ? Self.wundergroundURL : Self.rapidFireURL)
        case .pwsweather: self.url = url ?? Self.pwsweatherURL
        }
        self.exchange = UploadExchange(client: client, key: key, totalTimeoutSeconds: totalTimeoutSeconds)
    }

    public func send(_ readings: [UploadReading]) async throws(UploadError) {
        try await exchange.getEach(readings, from: url, query: query, check: check)
    }

    /// The query of one reading, `PASSWORD` included.
    func query(_ reading: UploadReading) -> String {
        var query = UploadQuery()
        query.add("ID", stationID)
        exchange.key.withValue { query.add("PASSWORD", $0) }
        query.add("action", "updateraw")
        query.add("dateutc", UploadTime.dateUTC(reading.timestamp))
        query.addImperial(reading)
        query.add("rainin", reading.rainLastHourMillimeters.map { RainAmount(millimeters: $0).inches }, decimals: 3)
        query.add("solarradiation", reading.solarRadiationWattsPerSquareMeter, decimals: 0)
        query.add("UV", reading.uvIndex, decimals: 1)
        query.add("softwaretype", UploadExchange.softwareType)
        if let realTimeIntervalSeconds {
            query.add("realtime", "1")
            query.add("rtfreq", UploadQuery.fixed(realTimeIntervalSeconds, decimals: realTimeIntervalSeconds.rounded() == realTimeIntervalSeconds ? 0 : 1))
        }
        return query.text
    }

    /// Throws unless `response` says the reading was taken.
    private func check(_ response: HTTPResponse) throws(UploadError) {
        let status = response.statusCode
        let body = response.bodyText
        switch service {
        case .wunderground:
            if body.contains("INVALIDPASSWORDID") { throw exchange.error(.rejectedKey, body) }
            if status == 200, body.trimmingWhitespace().lowercased() == "success" { return }
            if (200..<300).contains(status) { throw exchange.error(.refused(statusCode: status), body) }
        case .pwsweather:
            if (200..<300).contains(status) {
                if body.contains("ERROR") { throw exchange.error(.rejectedKey, body) }
                if body.lowercased().contains("invalid") { throw exchange.error(.refused(statusCode: status), body) }
                return
            }
        }
        throw exchange.failure(response)
    }
}
