// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Where the token comes from.
public enum APITokenSource: Sendable, Hashable {
    /// A file holding only the token. It must not be readable by group or
    /// others (`chmod 600 <path>`).
    case file(path: String)
    /// A systemd credential (`LoadCredential=<name>:…`), read from
    /// `$CREDENTIALS_DIRECTORY/<name>`.
    case systemdCredential(name: String)
    /// An environment variable such as `TEMPEST_TOKEN`.
    case environment(name: String)
}
