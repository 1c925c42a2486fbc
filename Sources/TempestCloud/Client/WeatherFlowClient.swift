// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import HTTP
import Logging
import TempestUDP

/// A client for the WeatherFlow REST API (`swd.weatherflow.com/swd/rest`).
///
/// The token goes in the `Authorization: Bearer` header, never in the URL.
/// The spec marks the header form as observed rather than documented; if
/// the server answers 401 to it, the client reports ``WeatherFlowError/Kind/tokenRejected``
/// and does not silently retry with `?token=` — that would put the token in
/// URLs, and a rejected token is the far likelier cause.
///
/// 429, 5xx and timeouts are retried under the ``RetryPolicy`` (honouring
/// `Retry-After`); 401 and 404 never are.
public final class WeatherFlowClient: Sendable {
    /// The production base URL.
    public static let defaultBaseURL = "https://swd.weatherflow.com/swd/rest"
    /// Longest span one `/observations/device` request may cover.
    public static let maximumWindowSeconds: Int64 = 5 * 86_400

    let baseURL: String
    /// The token, for the WebSocket follower (which puts it in its URL's query).
    public let token: APIToken
    let http: HTTPClient
    let retryPolicy: RetryPolicy
    let requestTemplate: HTTPRequest
    let logger: Logger

    /// Creates a client. `baseURL` is configurable so tests can use a local
    /// server; `requestTemplate` supplies timeouts and limits (its URL and
    /// headers are replaced per request).
    public init(
        token: APIToken,
        baseURL: String = WeatherFlowClient.defaultBaseURL,
        httpClient: HTTPClient = HTTPClient(),
        retryPolicy: RetryPolicy = RetryPolicy(),
        requestTemplate: HTTPRequest = HTTPRequest(url: ""),
        logger: Logger = Logger(label: "tempest-gateway.cloud")
    ) {
        self.token = token
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.http = httpClient
        self.retryPolicy = retryPolicy
        self.requestTemplate = requestTemplate
        self.logger = logger
    }
}
