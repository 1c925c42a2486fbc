// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// What `/healthz` answers: healthy (200, "ok"), or not (503) with the
/// reason in plain words, such as "receive loop not running" or the disk
/// that is full.
public enum HealthVerdict: Sendable, Equatable {
    /// Collecting and storing.
    case healthy
    /// Not collecting or not storing, and why.
    case unhealthy(String)
}
