// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Hands the non-`Sendable` store to the writer thread, which is its only
/// user from then on: it takes the store out, so that the box keeps no
/// connection open once the writer replaces a damaged database.
final class StoreBox: @unchecked Sendable {
    private var store: Store?
    init(_ store: Store) {
        self.store = store
    }

    /// The store, once; the box holds nothing afterwards.
    func take() -> Store {
        defer { store = nil }
        return store!
    }
}
