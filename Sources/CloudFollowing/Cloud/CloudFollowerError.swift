// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// A cloud follower problem that is not an HTTP or API error, such as a
/// station that is not in the account.
public struct CloudFollowerError: Error, CustomStringConvertible {
    /// What is wrong and what to do, in words.
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
