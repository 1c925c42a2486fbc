// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation

/// Windy's Stations API v2 (`docs/design/uploads-research.md`, section 3):
/// `GET /api/v2/observation/update?id=…&time=…`, the station password as
/// `Authorization: Bearer` or as `PASSWORD`. Answers 200 with an empty body;
/// 400 with JSON `message` for a wrong password or a failed validation;
/// 401 without a password; 409 for a duplicate; 429 with JSON `retry_after`
/// (an ISO time) and, here, a `Retry-After` header too.
public final class WindyStandIn: UploadStandIn {
    public let core: UploadStandInCore
    /// The station id it knows.
    public let stationID: String
    /// The station password it knows.
    public let password: String
    /// The upload path.
    public static let path = "/api/v2/observation/update"

    /// Starts one for `stationID` and `password`.
    public init(stationID: String, password: String) throws {
        self.core = try UploadStandInCore()
        self.stationID = stationID
        self.password = password
        core.server.route(Self.path) { [weak self] in self?.answer($0) ?? .init(status: 503) }
    }

    /// The upload URL.
    public var url: String { baseURL + Self.path }

    private func answer(_ request: LocalHTTPServer.RecordedRequest) -> LocalHTTPServer.Response {
        let upload = RecordedUpload(request)
        let bearer = request.headers["authorization"].flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil }
        guard let given = bearer ?? upload.parameters["PASSWORD"] else {
            return .init(status: 401, body: #"{"message":"Missing station password","error":"Unauthorized","statusCode":401}"#)
        }
        let badRequest = { (message: String) in
            LocalHTTPServer.Response(status: 400, body: #"{"message":"\#(message)","error":"Bad Request","statusCode":400}"#)
        }
        guard upload.parameters["id"] != nil, upload.parameters["time"] != nil else { return badRequest("id and time are required") }
        return core.answer(
            recording: [upload], keyIsRight: given == password && upload.parameters["id"] == stationID, taken: .init(status: 200, headers: [], body: ""),
            rejected: badRequest("Provided password is invalid"), badRequest: badRequest("temp must be a number"),
            duplicate: .init(status: 409, body: #"{"message":"Duplicate request detected","statusCode":409}"#),
            tooSoonBody: { seconds in
                let formatter = ISO8601DateFormatter()
                formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
                return #"{"message":"Too many requests","retry_after":"\#(formatter.string(from: Date().addingTimeInterval(Double(seconds))))"}"#
            })
    }
}
