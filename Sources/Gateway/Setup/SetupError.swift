// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// A problem of `setup` or `select`, in words, with what to do.
struct SetupError: Error, CustomStringConvertible {
    /// What went wrong and what to do.
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
