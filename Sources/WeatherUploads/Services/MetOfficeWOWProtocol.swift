// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import HTTP
import Meteorology
import SystemSupport

/// Met Office WOW's automatic upload: one `GET /automaticreading` per
/// reading, in Weather Underground's imperial keys
/// (`docs/design/uploads-research.md`, section 6).
///
/// Sent: `siteid`, `siteAuthenticationKey` (the site's PIN, not the account
/// password), `dateutc` (UTC, `YYYY-MM-DD HH:MM:SS`), `softwaretype`, then
/// `tempf` and `dewptf` (0.1 °F), `humidity` (whole %), `windspeedmph` and
/// `windgustmph` (0.1 mph), `winddir`, `baromin` (sea-level pressure, 0.001
/// inHg; WOW reads it as the site is defined, MSLP by default),
/// `dailyrainin` (since local midnight) and `rainin`, which for WOW is the
/// rain since the previous reading sent to it, not the last hour (both
/// 0.001 in). A value the reading lacks, `rainin` before the first reading
/// included, is left out. WOW's documented keys have no solar radiation or
/// UV, so neither is sent.
///
/// Answers: 200 is taken; 403 (`You do not have permission…`), or 401, is a
/// rejected key; 429 (WOW's answer to a reading too soon, or one it has
/// already) is too soon; 400, 5xx and anything else are refused.
///
/// WOW takes readings from the past (pywws catches up seven days), one a request.
public struct MetOfficeWOWProtocol: UploadProtocol {
    /// WOW's upload URL.
    public static let defaultURL = "https://wow.metoffice.gov.uk/automaticreading"

    private let siteID: String
    private let url: String
    private let exchange: UploadExchange

    /// Uploads as site `siteID` with its authentication key (PIN) `key`, to
    /// `url` when given, else `defaultURL`. A request gives up after
    /// `totalTimeoutSeconds`.
    public init(client: HTTPClient, siteID: String, key: Secret, url: String? = nil, totalTimeoutSeconds: Double = 20) {
        self.siteID = siteID
        self.url = url ?? Self.defaultURL
        self.exchange = UploadExchange(client: client, key: key, totalTimeoutSeconds: totalTimeoutSeconds)
    }

    public var acceptsPastReadings: Bool { true }

    public func send(_ readings: [UploadReading]) async throws(UploadError) {
        try await exchange.getEach(readings, from: url, query: query, check: check)
    }

    /// The query of one reading, `siteAuthenticationKey` included.
    func query(_ reading: UploadReading) -> String {
        var query = UploadQuery()
        query.add("siteid", siteID)
        exchange.key.withValue { query.add("siteAuthenticationKey", $0) }
        query.add("dateutc", UploadTime.dateUTC(reading.timestamp))
        query.add("softwaretype", UploadExchange.softwareType)
        query.addImperial(reading)
        query.add("rainin", reading.rainSincePreviousReadingMillimeters.map { RainAmount(millimeters: $0).inches }, decimals: 3)
        return query.text
    }

    /// Throws unless `response` is WOW's 200.
    private func check(_ response: HTTPResponse) throws(UploadError) {
        guard response.statusCode == 200 else { throw exchange.failure(response) }
    }
}
