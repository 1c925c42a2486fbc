// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import SystemSupport

/// Why a token could not be loaded. Never contains the token.
public struct APITokenError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Code: Sendable, Hashable {
        case unreadable(SecretSourceError)
        case empty(origin: SecretSource)
        case invalidCharacters(origin: SecretSource)
    }

    private let code: Code
    private init(_ code: Code) { self.code = code }

    static func unreadable(_ error: SecretSourceError) -> Self { Self(.unreadable(error)) }
    static func empty(origin: SecretSource) -> Self { Self(.empty(origin: origin)) }
    static func invalidCharacters(origin: SecretSource) -> Self { Self(.invalidCharacters(origin: origin)) }

    /// Why the source could not be read, when that is what went wrong.
    public var sourceError: SecretSourceError? {
        if case .unreadable(let error) = code { error } else { nil }
    }

    /// A sentence naming the problem and, where there is one, the fix.
    public var description: String {
        switch code {
        case .unreadable(let error): "\(error)"
        case .empty(let origin): "the token from \(origin) is empty"
        case .invalidCharacters(let origin): "the token from \(origin) contains spaces or control characters"
        }
    }
}
