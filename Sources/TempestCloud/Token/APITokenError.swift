// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import SystemSupport

/// Why a token could not be loaded. Never contains the token.
public struct APITokenError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Code: Sendable, Hashable {
        case unreadable(path: String, errno: Int32)
        case tooOpen(path: String, mode: UInt32)
        case notARegularFile(path: String)
        case tooLarge(path: String, limit: Int)
        case noCredentialsDirectory(name: String)
        case invalidCredentialName(name: String)
        case environmentVariableMissing(name: String)
        case empty(origin: String)
        case invalidCharacters(origin: String)
    }

    private let code: Code
    private init(_ code: Code) { self.code = code }

    static func unreadable(path: String, errno: Int32) -> Self { Self(.unreadable(path: path, errno: errno)) }
    static func tooOpen(path: String, mode: UInt32) -> Self { Self(.tooOpen(path: path, mode: mode)) }
    static func notARegularFile(path: String) -> Self { Self(.notARegularFile(path: path)) }
    static func tooLarge(path: String, limit: Int) -> Self { Self(.tooLarge(path: path, limit: limit)) }
    static func noCredentialsDirectory(name: String) -> Self { Self(.noCredentialsDirectory(name: name)) }
    static func invalidCredentialName(name: String) -> Self { Self(.invalidCredentialName(name: name)) }
    static func environmentVariableMissing(name: String) -> Self { Self(.environmentVariableMissing(name: name)) }
    static func empty(origin: String) -> Self { Self(.empty(origin: origin)) }
    static func invalidCharacters(origin: String) -> Self { Self(.invalidCharacters(origin: origin)) }

    /// A sentence naming the problem and, where there is one, the fix.
    public var description: String {
        switch code {
        case .unreadable(let path, let errno):
            "cannot read the token file \(path): \(SystemError(number: errno).message)"
        case .tooOpen(let path, let mode):
            "the token file \(path) is readable by other users (mode \(String(mode & 0o777, radix: 8))); fix it with: chmod 600 \(path)"
        case .notARegularFile(let path):
            "the token file \(path) is not a regular file"
        case .tooLarge(let path, let limit):
            "the token file \(path) is larger than \(limit) bytes; it should hold only the token"
        case .noCredentialsDirectory(let name):
            "the systemd credential \(name) was requested but CREDENTIALS_DIRECTORY is not set (add LoadCredential=\(name):<file> to the unit)"
        case .invalidCredentialName(let name):
            "the systemd credential \(name) cannot be read: a credential name cannot contain '/'"
        case .environmentVariableMissing(let name):
            "the environment variable \(name) is not set"
        case .empty(let origin):
            "the token from \(origin) is empty"
        case .invalidCharacters(let origin):
            "the token from \(origin) contains spaces or control characters"
        }
    }
}
