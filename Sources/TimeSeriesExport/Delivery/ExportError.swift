// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Pipeline

/// Why a batch did not reach the database; the batch is tried again.
public struct ExportError: Error, CustomStringConvertible, CursorRetryAdvice {
    /// What went wrong, for callers to match.
    public enum Code: Sendable, Equatable {
        /// The database answered with an error status for the whole batch
        /// (5xx, 401, 403, 404, 429 …).
        case refused(statusCode: Int)
        /// No answer: the connection failed or timed out.
        case unreachable
    }

    /// What went wrong.
    public let code: Code
    /// The server's or libcurl's words (never a secret: URLs are redacted).
    public let detail: String
    /// What `Retry-After` asked for, in seconds.
    public let retryAfterSeconds: Double?

    /// Makes one.
    public init(_ code: Code, detail: String, retryAfterSeconds: Double? = nil) {
        self.code = code
        self.detail = detail
        self.retryAfterSeconds = retryAfterSeconds
    }

    public var description: String {
        switch code {
        case .refused(let status): "the database answered HTTP \(status): \(detail)"
        case .unreachable: "the database did not answer: \(detail)"
        }
    }
}
