// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Pipeline
import SystemSupport

/// Why an upload did not reach its service. The readings are tried again,
/// after `retryAfterSeconds` when the service or the rule says when.
public struct UploadError: Error, CustomStringConvertible, CursorRetryAdvice {
    /// What went wrong, for callers to match.
    public enum Code: Sendable, Equatable {
        /// The service refused the station's id or key (HTTP 401/403, or
        /// its own words for it): tried again at most hourly.
        case rejectedKey
        /// The service asked to be left alone for a while (HTTP 429, or its
        /// own words for "too soon").
        case tooSoon
        /// The service answered with another error (5xx, 400 …).
        case refused(statusCode: Int)
        /// No answer: the connection failed or timed out.
        case unreachable
    }

    /// What went wrong.
    public let code: Code
    /// The service's or the transport's words, on one line (never a key:
    /// URLs are redacted, and a service's words are cut short).
    public let detail: String
    /// When to try again, in seconds, when known.
    public let retryAfterSeconds: Double?

    /// How long a rejected key waits before it is tried again: an hour, so
    /// a wrong key costs at most two tries in ten minutes and is not taken
    /// for an attack.
    public static let rejectedKeyRetrySeconds = 3_600.0

    /// Makes one; a rejected key waits `rejectedKeyRetrySeconds` unless told otherwise.
    public init(_ code: Code, detail: String, retryAfterSeconds: Double? = nil) {
        self.code = code
        self.detail = detail
        self.retryAfterSeconds = retryAfterSeconds ?? (code == .rejectedKey ? Self.rejectedKeyRetrySeconds : nil)
    }

    public var description: String {
        switch code {
        case .rejectedKey: "the service refused the station id or key: \(detail)"
        case .tooSoon: "the service asked to wait: \(detail)"
        case .refused(let status): "the service answered HTTP \(status): \(detail)"
        case .unreachable: "the service did not answer: \(detail)"
        }
    }

    /// A service's answer on one line and at most 200 characters.
    public static func words(_ text: String) -> String {
        let words = text.collapsedToOneLine(maximumCharacters: 200)
        return words.isEmpty ? "no explanation" : words
    }
}
