// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The web page: Now, Charts and Health, rendered on the server from the
/// store and the status report.
///
/// Unfinished: answers every path with 404 until the pages are built (#29).
public struct WebSite: WebContent {
    /// Where the pages read from.
    public let context: WebSiteContext

    /// Makes the site for `context`.
    public init(context: WebSiteContext) {
        self.context = context
    }

    public func respond(to request: WebRequest) -> WebResponse {
        WebResponse(status: 404, contentType: "text/plain; charset=utf-8", text: "not built yet\n")
    }

    public func liveEvent() -> String? { nil }
}
