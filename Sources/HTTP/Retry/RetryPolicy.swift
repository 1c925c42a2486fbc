// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Exponential backoff with full jitter, honouring `Retry-After`.
///
/// Attempt n (1-based) that failed waits a random time in
/// `0 ... min(maximumDelay, baseDelay · 2^(n-1))` before the next one; a
/// server's `Retry-After` replaces that, capped at `maximumDelay`.
public struct RetryPolicy: Sendable {
    /// Total attempts including the first one.
    public var maximumAttempts: Int
    /// Base of the exponential backoff, in seconds.
    public var baseDelaySeconds: Double
    /// Upper bound of any single wait, in seconds.
    public var maximumDelaySeconds: Double
    /// Waits between attempts; tests inject a recorder that does not sleep.
    public var sleep: @Sendable (Duration) async throws -> Void
    /// Returns a random number in `0..<1`; injectable for deterministic tests.
    public var random: @Sendable () -> Double

    /// Creates a policy; the defaults are the production values: 4 attempts,
    /// 2 s base, 60 s cap, real sleeping, system randomness.
    public init(
        maximumAttempts: Int = 4,
        baseDelaySeconds: Double = 2,
        maximumDelaySeconds: Double = 60,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.maximumAttempts = max(1, maximumAttempts)
        self.baseDelaySeconds = baseDelaySeconds
        self.maximumDelaySeconds = maximumDelaySeconds
        self.sleep = sleep
        self.random = random
    }

    /// The wait after failed attempt `attempt` (1-based), in seconds.
    public func delaySeconds(afterAttempt attempt: Int, retryAfterSeconds: Double?) -> Double {
        if let retryAfterSeconds {
            return min(max(0, retryAfterSeconds), maximumDelaySeconds)
        }
        var ceiling = baseDelaySeconds
        for _ in 1..<max(1, min(attempt, 64)) where ceiling < maximumDelaySeconds { ceiling *= 2 }
        ceiling = min(maximumDelaySeconds, ceiling)
        return ceiling * random()
    }
}
