// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation

/// Met Office WOW (`docs/design/uploads-research.md`, section 6): `GET` (or
/// `POST`) `/automaticreading` with `siteid`, `siteAuthenticationKey`,
/// `dateutc` and `softwaretype`. Answers 200 `{}`; 403 `You do not have
/// permission to view this directory or page.`; 400 `Bad Request`; 429 for
/// a reading too soon or one it has already.
public final class MetOfficeWOWStandIn: UploadStandIn {
    public let core: UploadStandInCore
    /// The site id it knows.
    public let siteID: String
    /// The site's authentication key (PIN) it knows.
    public let key: String
    /// The upload path.
    public static let path = "/automaticreading"

    /// Starts one for `siteID` and `key`.
    public init(siteID: String, key: String) throws {
        self.core = try UploadStandInCore()
        self.siteID = siteID
        self.key = key
        core.server.route(Self.path) { [weak self] in self?.answer($0) ?? .init(status: 503) }
    }

    /// The upload URL.
    public var url: String { baseURL + Self.path }

    private func answer(_ request: LocalHTTPServer.RecordedRequest) -> LocalHTTPServer.Response {
        let upload = RecordedUpload(request)
        let parameters = upload.parameters
        let badRequest = LocalHTTPServer.Response(status: 400, headers: [("Content-Type", "text/html")], body: "Bad Request")
        let date = parameters["dateutc"] ?? ""
        guard ["siteid", "siteAuthenticationKey", "softwaretype"].allSatisfy({ parameters[$0] != nil }),
              date.range(of: #"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$"#, options: .regularExpression) != nil
        else { return badRequest }
        let tooSoon = "The custom error module does not recognize this error."
        return core.answer(
            recording: [upload], keyIsRight: parameters["siteid"] == siteID && parameters["siteAuthenticationKey"] == key,
            taken: .init(status: 200, body: "{}"),
            rejected: .init(status: 403, headers: [("Content-Type", "text/html")], body: "You do not have permission to view this directory or page."),
            badRequest: badRequest, duplicate: .init(status: 429, headers: [], body: tooSoon), tooSoonBody: { _ in tooSoon })
    }
}
