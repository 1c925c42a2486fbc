// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import HTTP

/// Why a WeatherFlow REST call failed. Never contains the token; URLs are
/// redacted.
public struct WeatherFlowError: Error, Sendable, CustomStringConvertible {
    /// The broad kind of failure, for callers that decide what to do next.
    public enum Kind: Sendable, Hashable {
        /// 401: stop polling and alert.
        case tokenRejected
        /// 404 for a station id.
        case stationNotFound
        /// 404 for a device id.
        case deviceNotFound
        /// 429 on every attempt.
        case rateLimited
        /// 5xx on every attempt.
        case serverError
        /// HTTP 200 with a non-zero `status.status_code`.
        case serviceStatus
        /// The body was not the expected JSON.
        case malformedResponse
        /// The request itself failed (network, TLS, timeout, unexpected status).
        case transport
    }

    private enum Code: Sendable {
        case tokenRejected
        case stationNotFound(id: Int)
        case deviceNotFound(id: Int)
        case rateLimited(attempts: Int)
        case serverError(status: Int, attempts: Int)
        case serviceStatus(code: Int, message: String)
        case malformedResponse(what: String, url: String)
        case transport(HTTPError)
    }

    private let code: Code
    private init(_ code: Code) { self.code = code }

    static let tokenRejected = Self(.tokenRejected)
    static func stationNotFound(id: Int) -> Self { Self(.stationNotFound(id: id)) }
    static func deviceNotFound(id: Int) -> Self { Self(.deviceNotFound(id: id)) }
    static func rateLimited(attempts: Int) -> Self { Self(.rateLimited(attempts: attempts)) }
    static func serverError(status: Int, attempts: Int) -> Self { Self(.serverError(status: status, attempts: attempts)) }
    static func serviceStatus(code: Int, message: String) -> Self { Self(.serviceStatus(code: code, message: message)) }
    static func malformedResponse(_ what: String, url: String) -> Self {
        Self(.malformedResponse(what: what, url: RedactedURL.redact(url)))
    }
    static func transport(_ error: HTTPError) -> Self { Self(.transport(error)) }

    /// The broad kind of failure.
    public var kind: Kind {
        switch code {
        case .tokenRejected: .tokenRejected
        case .stationNotFound: .stationNotFound
        case .deviceNotFound: .deviceNotFound
        case .rateLimited: .rateLimited
        case .serverError: .serverError
        case .serviceStatus: .serviceStatus
        case .malformedResponse: .malformedResponse
        case .transport: .transport
        }
    }

    /// The underlying HTTP error for `.transport` failures.
    public var httpError: HTTPError? {
        if case .transport(let error) = code { return error }
        return nil
    }

    /// A sentence naming what went wrong.
    public var description: String {
        switch code {
        case .tokenRejected:
            "the token was rejected; create one at tempestwx.com → Settings → Data Authorizations"
        case .stationNotFound(let id):
            "WeatherFlow has no station \(id) for this token; check the station id against /stations"
        case .deviceNotFound(let id):
            "WeatherFlow has no device \(id) for this token; device ids (not serial numbers) are listed by /stations"
        case .rateLimited(let attempts):
            "WeatherFlow kept answering 429 (too many requests) after \(attempts) attempts"
        case .serverError(let status, let attempts):
            "WeatherFlow kept failing with HTTP \(status) after \(attempts) attempts"
        case .serviceStatus(let code, let message):
            "WeatherFlow reported status \(code): \(message)"
        case .malformedResponse(let what, let url):
            "malformed response from \(url): \(what)"
        case .transport(let error):
            error.description
        }
    }
}
