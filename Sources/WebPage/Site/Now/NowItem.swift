// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// One value of the Now page: its label, what it shows, when it was
/// measured (for the age and the stale mark) and an optional note after
/// it ("at 14:05").
struct NowItem: Sendable, Hashable {
    /// The `data-field` name the browser test and live.js use.
    var field: String
    /// The label: "Air temperature".
    var label: String
    /// The value.
    var value: ShownValue
    /// When it was measured or last updated, Unix seconds.
    var timestamp: Int64
    /// Its age past which it is stale, seconds (`StaleRule`).
    var staleAfterSeconds: Int64
    /// Text after the value: "at 14:05" (refreshed live with the value).
    var note: String? = nil

    /// Whether it is stale at `now`.
    func isStale(now: Int64) -> Bool { now - timestamp > staleAfterSeconds }
}
