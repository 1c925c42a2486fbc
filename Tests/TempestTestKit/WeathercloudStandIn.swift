// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation

/// Weathercloud (`docs/design/uploads-research.md`, section 4):
/// `GET /v01/set?wid=…&key=…&date=YYYYMMDD&time=HHMM&…`; the body is the
/// code (`200`, `400`, `401`, `429`, `500`), sent as the HTTP status too
/// unless `statusIsAlways200` (where only the body says what happened).
public final class WeathercloudStandIn: UploadStandIn {
    public let core: UploadStandInCore
    /// The device id (`wid`) it knows.
    public let stationID: String
    /// The key it knows.
    public let key: String
    /// Whether every answer's status is 200, the code in the body only.
    public let statusIsAlways200: Bool
    /// The upload path.
    public static let path = "/v01/set"

    /// Starts one for `stationID` and `key`.
    public init(stationID: String, key: String, statusIsAlways200: Bool = false) throws {
        self.core = try UploadStandInCore()
        self.stationID = stationID
        self.key = key
        self.statusIsAlways200 = statusIsAlways200
        core.server.route(Self.path) { [weak self] in self?.answer($0) ?? .init(status: 503) }
    }

    /// The upload URL.
    public var url: String { baseURL + Self.path }

    private func code(_ code: Int) -> LocalHTTPServer.Response {
        LocalHTTPServer.Response(status: statusIsAlways200 ? 200 : code, headers: [("Content-Type", "text/plain")], body: String(code))
    }

    private func answer(_ request: LocalHTTPServer.RecordedRequest) -> LocalHTTPServer.Response {
        let upload = RecordedUpload(request)
        let parameters = upload.parameters
        let wellFormed = ["wid", "key", "date", "time"].allSatisfy { parameters[$0] != nil }
            && parameters["date"]?.count == 8 && parameters["time"]?.count == 4
        if !wellFormed { return code(400) }
        var answer = core.answer(
            recording: [upload], keyIsRight: parameters["wid"] == stationID && parameters["key"] == key, taken: code(200), rejected: code(401),
            badRequest: code(400), tooSoonBody: { _ in "429" })
        if answer.status == 500 { answer = code(500) }
        if answer.status == 429 && statusIsAlways200 { answer.status = 200 }
        return answer
    }
}
