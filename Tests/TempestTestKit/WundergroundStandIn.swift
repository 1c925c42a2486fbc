// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation

/// Weather Underground or PWSweather, as their uploaders know them
/// (`docs/design/uploads-research.md`, sections 1 and 2): `GET` of
/// `updateweatherstation.php` (PWSweather: `/api/v1/submitwx` and the legacy
/// `/pwsupdate/pwsupdate.php`) with `ID`, `PASSWORD`, `action=updateraw` and
/// `dateutc` (`YYYY-MM-DD HH:MM:SS` or `now`); a request without them is a
/// bad request.
///
/// Weather Underground answers `success`, `401 unauthorized` (or, with
/// `rejectsWithLegacyWords`, 200 `INVALIDPASSWORDID|…`), `400 bad request`.
/// PWSweather answers 200 HTML every time: `Data Logged and posted in METAR
/// mirror.`, `ERROR: Not a vailid Station ID/Password`, or `… Data parameters
/// invalid, NOT logged.`
public final class WundergroundStandIn: UploadStandIn {
    /// Which network it plays.
    public enum Network: Sendable { case wunderground, pwsweather }

    public let core: UploadStandInCore
    /// The network it plays.
    public let network: Network
    /// The station id it knows.
    public let stationID: String
    /// The key it knows.
    public let key: String
    /// Weather Underground: refuse a key with the older 200 `INVALIDPASSWORDID` body.
    public let rejectsWithLegacyWords: Bool

    /// Weather Underground's upload path (RapidFire's too).
    public static let wundergroundPath = "/weatherstation/updateweatherstation.php"
    /// PWSweather's current upload path.
    public static let pwsweatherPath = "/api/v1/submitwx"
    /// PWSweather's legacy upload path.
    public static let pwsweatherLegacyPath = "/pwsupdate/pwsupdate.php"

    /// Starts one for `stationID` and `key`.
    public init(network: Network = .wunderground, stationID: String, key: String, rejectsWithLegacyWords: Bool = false) throws {
        self.core = try UploadStandInCore()
        self.network = network
        self.stationID = stationID
        self.key = key
        self.rejectsWithLegacyWords = rejectsWithLegacyWords
        let paths = network == .wunderground ? [Self.wundergroundPath] : [Self.pwsweatherPath, Self.pwsweatherLegacyPath]
        for path in paths { core.server.route(path) { [weak self] in self?.answer($0) ?? .init(status: 503) } }
    }

    /// The upload URL.
    public var url: String { baseURL + (network == .wunderground ? Self.wundergroundPath : Self.pwsweatherPath) }

    private func answer(_ request: LocalHTTPServer.RecordedRequest) -> LocalHTTPServer.Response {
        let upload = RecordedUpload(request)
        let parameters = upload.parameters
        let date = parameters["dateutc"] ?? ""
        let wellFormed = parameters["ID"] != nil && parameters["PASSWORD"] != nil && parameters["action"] == "updateraw"
            && (date == "now" || date.range(of: #"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$"#, options: .regularExpression) != nil)
        let keyIsRight = parameters["ID"] == stationID && parameters["PASSWORD"] == key
        switch network {
        case .wunderground:
            let badRequest = LocalHTTPServer.Response(status: 400, headers: [], body: "bad request\n")
            if !wellFormed { return badRequest }
            let rejected = rejectsWithLegacyWords
                ? LocalHTTPServer.Response(status: 200, headers: [], body: "INVALIDPASSWORDID|Password or key and/or id are incorrect\n")
                : LocalHTTPServer.Response(status: 401, headers: [], body: "unauthorized\n")
            return core.answer(
                recording: [upload], keyIsRight: keyIsRight, taken: .init(status: 200, headers: [], body: "success\n"), rejected: rejected,
                badRequest: badRequest)
        case .pwsweather:
            let page = { (text: String) in
                LocalHTTPServer.Response(
                    status: 200, headers: [("Content-Type", "text/html")],
                    body: "<html><head><title>PWS Weather Station Update</title></head><body>\(text)</body></html>")
            }
            let badRequest = page("dateutc parameter is not in proper format: YYYY-MM-DD HH:ii:ss<br>Data parameters invalid, NOT logged.")
            if !wellFormed { return badRequest }
            return core.answer(
                recording: [upload], keyIsRight: keyIsRight, taken: page("Data Logged and posted in METAR mirror."),
                rejected: page("ERROR: Not a vailid Station ID/Password"), badRequest: badRequest)
        }
    }
}
