// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// How a weather network's stand-in answers the next uploads.
public enum UploadStandInMode: Sendable, Equatable {
    /// Takes the upload (when its key is right) and records it.
    case accept
    /// Refuses the key, in the service's own status and words, whatever key came.
    case rejectKey
    /// Refuses the request as malformed, in the service's words (400, or
    /// PWSweather's 200 with `invalid`).
    case badRequest
    /// Answers as to a reading it has already (Windy: 409; Met Office WOW:
    /// 429); the others accept.
    case duplicate
    /// HTTP 500.
    case serverError
    /// HTTP 429 with `Retry-After: <seconds>` (and Windy's JSON `retry_after`).
    case tooSoon(retryAfterSeconds: Int)
    /// Sends the head, then waits a minute before the body: far beyond the
    /// test's client timeout.
    case neverAnswer
}
