// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import SystemSupport

extension APIToken {
    /// Largest token file accepted; tokens are tens of bytes.
    static let maximumFileBytes = 4096

    /// Loads the token from `source`. Trailing whitespace (a final newline) is
    /// removed; an empty token is an error.
    public static func load(from source: APITokenSource, environment: (String) -> String? = ProcessEnvironment.value) throws(APITokenError) -> APIToken {
        let text: String
        let origin: String
        switch source {
        case .file(let path):
            origin = path
            text = try readFile(path, requirePrivate: true)
        case .systemdCredential(let name):
            let path: String
            do {
                path = try SystemdCredential(name: name).path(environment: environment)
            } catch {
                throw error.code == .noCredentialsDirectory ? .noCredentialsDirectory(name: name) : .invalidCredentialName(name: name)
            }
            origin = "systemd credential \(name)"
            // systemd creates credential files itself with owner-only access.
            text = try readFile(path, requirePrivate: false)
        case .environment(let name):
            guard let value = environment(name) else { throw .environmentVariableMissing(name: name) }
            origin = "$\(name)"
            text = value
        }
        let trimmed = String(text.reversed().drop(while: { $0.isWhitespace }).reversed())
        guard !trimmed.isEmpty else { throw .empty(origin: origin) }
        guard let token = APIToken(trimmed) else { throw .invalidCharacters(origin: origin) }
        return token
    }

    private static func readFile(_ path: String, requirePrivate: Bool) throws(APITokenError) -> String {
        do {
            return try SecretFile.read(path, requireOwnerOnly: requirePrivate, maximumBytes: maximumFileBytes)
        } catch {
            switch error.code {
            case .unreadable: throw .unreadable(path: path, errno: error.error?.number ?? EIO)
            case .notARegularFile: throw .notARegularFile(path: path)
            case .readableByOthers: throw .tooOpen(path: path, mode: error.mode)
            case .tooLarge: throw .tooLarge(path: path, limit: maximumFileBytes)
            }
        }
    }
}
