// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Why a ``SecretSource`` could not be read. It names the source, the file
/// and what to do, never the secret: nothing of the value is kept.
public struct SecretSourceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, for callers to match.
    public enum Code: Hashable, Sendable {
        /// The file can be read by its group or other users (`mode` says how).
        case readableByOthers
        /// The file could not be opened or read (`systemError` says why).
        case unreadable
        /// A directory, a device or a pipe, not a file.
        case notARegularFile
        /// The file is larger than ``SecretSource/maximumFileBytes``.
        case tooLarge
        /// The environment variable is not set.
        case environmentVariableMissing
        /// `$CREDENTIALS_DIRECTORY` is not set: not a systemd service with credentials.
        case noCredentialsDirectory
        /// The credential's name holds a `/`, which would lead out of the directory.
        case invalidCredentialName
        /// The source holds nothing (but a newline).
        case empty
    }

    /// What went wrong.
    public let code: Code
    /// The source that could not be read.
    public let source: SecretSource
    /// The file that was read (a credential's is in `$CREDENTIALS_DIRECTORY`),
    /// for the codes about a file.
    public let path: String?
    /// The file's permission bits, for `.readableByOthers`.
    public let mode: UInt32?
    /// The C library's error, for `.unreadable`.
    public let systemError: SystemError?

    /// An error about `source`.
    init(_ code: Code, source: SecretSource, path: String? = nil, mode: UInt32? = nil, systemError: SystemError? = nil) {
        self.code = code
        self.source = source
        self.path = path
        self.mode = mode
        self.systemError = systemError
    }

    /// What went wrong and how to fix it.
    public var description: String {
        let file = path ?? name
        switch code {
        case .readableByOthers:
            return "refusing to read the secret in \(file): other users can read it (mode \(String(mode ?? 0, radix: 8))); "
                + "fix it with: chmod 600 \(file)"
        case .unreadable:
            return "cannot read the secret in \(file): \(systemError?.message ?? "unreadable")"
        case .notARegularFile:
            return "cannot read the secret in \(file): not a regular file"
        case .tooLarge:
            return "cannot read the secret in \(file): larger than \(SecretSource.maximumFileBytes / 1024) KiB"
        case .environmentVariableMissing:
            return "the environment variable \(name) is not set"
        case .noCredentialsDirectory:
            return "the systemd credential \(name) is not available: $CREDENTIALS_DIRECTORY is not set "
                + "(add LoadCredential=\(name):PATH to the unit)"
        case .invalidCredentialName:
            return "the systemd credential \(name) cannot be read: a credential name cannot contain '/'"
        case .empty:
            return "\(source) is empty"
        }
    }

    /// The source's path or name.
    private var name: String {
        switch source {
        case .file(let path): path
        case .environment(let name), .systemdCredential(let name): name
        }
    }
}
