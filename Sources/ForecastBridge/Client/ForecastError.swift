// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import HTTP

/// Why an Open-Meteo forecast request failed. Never contains the API key:
/// URLs are redacted with ``RedactedURL`` and any text the server sends back
/// has the key replaced before it is kept.
public struct ForecastError: Error, Sendable, CustomStringConvertible {
    /// The broad kind of failure, for callers that decide what to do next.
    public enum Kind: Sendable, Hashable {
        /// The query was refused before anything was sent (bad coordinates,
        /// no variables, too many forecast days).
        case invalidQuery
        /// Open-Meteo answered with its error body (`{"error":true,"reason":…}`).
        case rejected
        /// 429 on every attempt.
        case rateLimited
        /// 5xx on every attempt.
        case serverError
        /// Another status code without Open-Meteo's error body.
        case unexpectedStatus
        /// The body was not the expected JSON (truncated, malformed, not an object).
        case malformedResponse
        /// The daily budget of weighted calls would be exceeded; nothing was sent.
        case budgetExhausted
        /// The request itself failed (network, TLS, timeout, cancellation).
        case transport
    }

    private enum Code: Sendable {
        case invalidQuery(reason: String)
        case rejected(status: Int, reason: String)
        case rateLimited(attempts: Int, reason: String?)
        case serverError(status: Int, attempts: Int, reason: String?)
        case unexpectedStatus(status: Int, excerpt: String, url: String)
        case malformedResponse(what: String, url: String)
        case budgetExhausted(spent: Double, wanted: Double, limit: Double)
        case transport(HTTPError)
    }

    private let code: Code
    private init(_ code: Code) { self.code = code }

    static func invalidQuery(_ reason: String) -> Self { Self(.invalidQuery(reason: reason)) }
    static func rejected(status: Int, reason: String) -> Self { Self(.rejected(status: status, reason: reason)) }
    static func rateLimited(attempts: Int, reason: String?) -> Self { Self(.rateLimited(attempts: attempts, reason: reason)) }
    static func serverError(status: Int, attempts: Int, reason: String?) -> Self {
        Self(.serverError(status: status, attempts: attempts, reason: reason))
    }
    static func unexpectedStatus(_ status: Int, excerpt: String, url: String) -> Self {
        Self(.unexpectedStatus(status: status, excerpt: excerpt, url: RedactedURL.redact(url)))
    }
    static func malformedResponse(_ what: String, url: String) -> Self {
        Self(.malformedResponse(what: what, url: RedactedURL.redact(url)))
    }
    static func budgetExhausted(spent: Double, wanted: Double, limit: Double) -> Self {
        Self(.budgetExhausted(spent: spent, wanted: wanted, limit: limit))
    }
    static func transport(_ error: HTTPError) -> Self { Self(.transport(error)) }

    /// The broad kind of failure.
    public var kind: Kind {
        switch code {
        case .invalidQuery: .invalidQuery
        case .rejected: .rejected
        case .rateLimited: .rateLimited
        case .serverError: .serverError
        case .unexpectedStatus: .unexpectedStatus
        case .malformedResponse: .malformedResponse
        case .budgetExhausted: .budgetExhausted
        case .transport: .transport
        }
    }

    /// Open-Meteo's own explanation (the `reason` of its error body), when it sent one.
    public var reason: String? {
        switch code {
        case .rejected(_, let reason): reason
        case .rateLimited(_, let reason): reason
        case .serverError(_, _, let reason): reason
        default: nil
        }
    }

    /// The HTTP status code, when the server answered.
    public var statusCode: Int? {
        switch code {
        case .rejected(let status, _): status
        case .rateLimited: 429
        case .serverError(let status, _, _): status
        case .unexpectedStatus(let status, _, _): status
        case .transport(let error): error.statusCode
        default: nil
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
        case .invalidQuery(let reason):
            "the forecast query is invalid: \(reason)"
        case .rejected(let status, let reason):
            "Open-Meteo rejected the request (HTTP \(status)): \(reason)"
        case .rateLimited(let attempts, let reason):
            "Open-Meteo kept answering 429 (too many requests) after \(attempts) attempt\(attempts == 1 ? "" : "s")"
                + (reason.map { ": \($0)" } ?? "")
        case .serverError(let status, let attempts, let reason):
            "Open-Meteo kept failing with HTTP \(status) after \(attempts) attempt\(attempts == 1 ? "" : "s")" + (reason.map { ": \($0)" } ?? "")
        case .unexpectedStatus(let status, let excerpt, let url):
            "HTTP status \(status) from \(url)" + (excerpt.isEmpty ? "" : ": \(excerpt)")
        case .malformedResponse(let what, let url):
            "malformed forecast from \(url): \(what)"
        case .budgetExhausted(let spent, let wanted, let limit):
            "the daily budget of \(WeightedCalls.format(limit)) weighted Open-Meteo calls would be exceeded "
                + "(\(WeightedCalls.format(spent)) spent today, this request weighs \(WeightedCalls.format(wanted))); "
                + "request skipped until the next UTC day"
        case .transport(let error):
            error.description
        }
    }
}
