// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import SystemSupport

extension APIToken {
    /// Loads the token from `source`, held to the rule of every secret
    /// (``SecretSource``: a file must be its owner's alone). Trailing white
    /// space (a final newline) is removed; an empty token is an error.
    /// - Parameter environment: looks up an environment variable; the
    ///   process's own by default.
    public static func load(from source: SecretSource, environment: (String) -> String? = ProcessEnvironment.value) throws(APITokenError) -> APIToken {
        let secret: Secret
        do {
            secret = try source.load(environment: environment)
        } catch {
            throw .unreadable(error)
        }
        let trimmed = secret.withValue { String($0.reversed().drop(while: { $0.isWhitespace }).reversed()) }
        guard !trimmed.isEmpty else { throw .empty(origin: source) }
        guard let token = APIToken(trimmed) else { throw .invalidCharacters(origin: source) }
        return token
    }
}
