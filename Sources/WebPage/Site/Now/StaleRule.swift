// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// When the Now page marks a value "(stale)": once it is older than 10
/// minutes, or, for a device in power-save mode (which reports less
/// often), once it is older than twice the device's report interval when
/// that is longer. The page's footnote says the same.
enum StaleRule {
    /// The age past which any value is stale, seconds.
    static let defaultSeconds: Int64 = 600

    /// The age past which a value of a device is stale, seconds.
    /// `powerSaveMode` is 0 at full power; `reportIntervalMinutes` is the
    /// device's own cadence.
    static func thresholdSeconds(powerSaveMode: Int?, reportIntervalMinutes: Int?) -> Int64 {
        guard let mode = powerSaveMode, mode > 0, let minutes = reportIntervalMinutes, minutes > 0 else { return defaultSeconds }
        return max(defaultSeconds, 2 * Int64(minutes) * 60)
    }

    /// The page's footnote.
    static let footnote =
        "A value is marked (stale) when it is older than 10 minutes, or, for a device in power-save mode, "
        + "older than twice its report interval when that is longer."
}
