// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The outbox's size as this connection knows it.
struct OutboxCounters {
    var depth: Int
    var bytes: Int
}
