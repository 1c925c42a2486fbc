// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Why a systemd credential has no file to read.
public struct SystemdCredentialError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: Hashable, Sendable {
            case noCredentialsDirectory
            case nameWithSlash
        }

        private let base: Base

        private init(_ base: Base) {
            self.base = base
        }

        /// `$CREDENTIALS_DIRECTORY` is not set: the process does not run as
        /// a systemd service with credentials.
        public static let noCredentialsDirectory = Code(.noCredentialsDirectory)
        /// The name holds a `/`.
        public static let nameWithSlash = Code(.nameWithSlash)

        /// The code's name, for logs.
        public var description: String {
            switch base {
            case .noCredentialsDirectory: "no credentials directory"
            case .nameWithSlash: "name with a slash"
            }
        }
    }

    /// What is wrong.
    public let code: Code
    /// The credential's name.
    public let name: String

    /// An error about the credential `name`.
    public init(_ code: Code, name: String) {
        self.code = code
        self.name = name
    }

    /// What is wrong, in words.
    public var description: String {
        switch code {
        case .noCredentialsDirectory: "the systemd credential \(name) is not available: $CREDENTIALS_DIRECTORY is not set"
        default: "a credential name cannot contain '/'"
        }
    }
}
