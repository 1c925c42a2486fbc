// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension RetryPolicy {
    /// Sleeps the delay that failed attempt `attempt` (1-based) calls for
    /// (see ``delaySeconds(afterAttempt:retryAfterSeconds:)``) and returns it
    /// in seconds; rethrows when the sleep is cancelled.
    public func wait(afterAttempt attempt: Int, retryAfterSeconds: Double?) async throws -> Double {
        let seconds = delaySeconds(afterAttempt: attempt, retryAfterSeconds: retryAfterSeconds)
        try await sleep(.milliseconds(Int64((seconds * 1000).rounded())))
        return seconds
    }
}
