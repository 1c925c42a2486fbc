// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import HTTP
import SystemSupport

/// Where and how an export writes: the write URL (with `precision=s` added
/// when it names no precision) and the `Authorization` header, if any.
public struct InfluxWriteTarget: Sendable {
    /// The credentials a destination sends.
    public enum Credentials: Sendable {
        /// None.
        case none
        /// `Authorization: Token …` (InfluxDB 2 and 3).
        case token(Secret)
        /// `Authorization: Basic …` (InfluxDB 1.x, a proxy).
        case basic(user: String, password: Secret)
    }

    /// The URL requests go to.
    public let url: String
    private let credentials: Credentials
    /// Longest wait for a connection, in seconds.
    public var connectTimeoutSeconds: Double = 10
    /// Longest time for one request, in seconds: a slow database never
    /// holds a batch longer (and never the ingest, which does not wait).
    public var totalTimeoutSeconds: Double = 30

    /// A target at `url` (given as configured) sending `credentials`.
    public init(url: String, credentials: Credentials) {
        self.url = Self.withSecondsPrecision(url)
        self.credentials = credentials
    }

    /// `url` with `precision=s` appended when its query has no `precision`:
    /// InfluxDB reads timestamps as nanoseconds otherwise.
    static func withSecondsPrecision(_ url: String) -> String {
        let query = url.split(separator: "?", maxSplits: 1).dropFirst().first ?? ""
        let names = query.split(separator: "&").map { $0.split(separator: "=", maxSplits: 1).first ?? "" }
        if names.contains("precision") { return url }
        return url + (url.contains("?") ? (url.hasSuffix("?") || url.hasSuffix("&") ? "" : "&") : "?") + "precision=s"
    }

    /// The request for one body of lines.
    func request() -> HTTPRequest {
        // No `Expect: 100-continue`: libcurl would wait for a server that
        // ignores it before sending a large body.
        var headers: [(name: String, value: String)] = [("Content-Type", "text/plain; charset=utf-8"), ("Expect", "")]
        switch credentials {
        case .none: break
        case .token(let token): token.withValue { headers.append(("Authorization", "Token " + $0)) }
        case .basic(let user, let password):
            password.withValue { headers.append(("Authorization", "Basic " + Base64.encode(Array((user + ":" + $0).utf8)))) }
        }
        return HTTPRequest(
            url: url, headers: headers, connectTimeoutSeconds: connectTimeoutSeconds, totalTimeoutSeconds: totalTimeoutSeconds,
            maximumResponseBytes: 64 * 1024, maximumRedirects: 0)
    }
}
