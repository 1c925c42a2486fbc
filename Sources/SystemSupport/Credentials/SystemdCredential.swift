// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc

/// A systemd credential: a secret the unit hands the service
/// (`LoadCredential=NAME:PATH`), which systemd puts, readable by the service
/// alone, in the directory it names in `$CREDENTIALS_DIRECTORY`.
public struct SystemdCredential: Sendable, Hashable {
    /// The credential's name, which is its file name in that directory.
    public let name: String

    /// The credential called `name`.
    public init(name: String) {
        self.name = name
    }

    /// The credential's file.
    /// - Parameter environment: looks up an environment variable; the
    ///   process's own by default.
    /// - Throws: when `$CREDENTIALS_DIRECTORY` is not set (or empty), or
    ///   the name holds a `/`, which would lead out of the directory.
    public func path(environment: (String) -> String? = ProcessEnvironment.value) throws(SystemdCredentialError) -> String {
        guard let directory = environment("CREDENTIALS_DIRECTORY"), !directory.isEmpty else {
            throw SystemdCredentialError(.noCredentialsDirectory, name: name)
        }
        guard !name.contains("/") else { throw SystemdCredentialError(.nameWithSlash, name: name) }
        return directory + "/" + name
    }

    /// Whether the credential exists and this process can read it.
    public func isReadable(environment: (String) -> String? = ProcessEnvironment.value) -> Bool {
        guard let path = try? path(environment: environment) else { return false }
        return access(path, R_OK) == 0
    }
}
