// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// How one request to a service ended, as `/metrics` counts them.
public enum UploadOutcome: String, Sendable, CaseIterable {
    /// The service took the readings.
    case accepted
    /// The service refused the station id or key.
    case rejectedKey = "rejected_key"
    /// The service asked to wait (HTTP 429).
    case tooSoon = "too_soon"
    /// The service answered with another error.
    case refused
    /// The service did not answer.
    case unreachable

    /// The outcome of a failed request.
    init(_ code: UploadError.Code) {
        switch code {
        case .rejectedKey: self = .rejectedKey
        case .tooSoon: self = .tooSoon
        case .refused: self = .refused
        case .unreachable: self = .unreachable
        }
    }
}
