// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import SystemSupport

/// Where a secret comes from. Never the command line: arguments are visible
/// to every user in the process list.
public enum SecretSource: Sendable, Hashable, CustomStringConvertible {
    /// A file readable by its owner only (mode 0600 or 0400).
    case file(String)
    /// An environment variable, for containers.
    case environment(String)
    /// A systemd credential: `$CREDENTIALS_DIRECTORY/<name>` (LoadCredential=).
    case systemdCredential(String)

    /// Reads the secret; one trailing newline (and carriage return) is dropped.
    public func load() throws(SecretError) -> Secret {
        let text: String
        switch self {
        case .file(let path):
            text = try SecretSource.readOwnerOnlyFile(path)
        case .environment(let name):
            guard let value = getenv(name) else { throw .environmentVariableMissing(name) }
            text = String(cString: value)
        case .systemdCredential(let name):
            let path: String
            do {
                path = try SystemdCredential(name: name).path()
            } catch {
                throw error.code == .noCredentialsDirectory ? .noCredentialsDirectory(name) : .unreadable(name, reason: error.description)
            }
            // systemd already made the file private to the service.
            text = try SecretSource.readFile(path, checkMode: false)
        }
        var trimmed = Substring(text)
        if trimmed.hasSuffix("\n") { trimmed = trimmed.dropLast() }
        if trimmed.hasSuffix("\r") { trimmed = trimmed.dropLast() }
        guard !trimmed.isEmpty else { throw .empty(description) }
        return Secret(String(trimmed))
    }

    /// The first source that is set, in the gateway's order: the file,
    /// else the environment variable when it exists, else the systemd
    /// credential when `$CREDENTIALS_DIRECTORY` holds a readable one; nil
    /// when none is.
    public static func first(file: String?, environmentVariable: String?, credential: String?) -> SecretSource? {
        if let file { return .file(file) }
        if let environmentVariable, getenv(environmentVariable) != nil { return .environment(environmentVariable) }
        if let credential, SystemdCredential(name: credential).isReadable() { return .systemdCredential(credential) }
        return nil
    }

    public var description: String {
        switch self {
        case .file(let path): "the file \(path)"
        case .environment(let name): "the environment variable \(name)"
        case .systemdCredential(let name): "the systemd credential \(name)"
        }
    }

    /// Largest secret file accepted.
    static let maximumFileBytes = 64 * 1024

    static func readOwnerOnlyFile(_ path: String) throws(SecretError) -> String {
        try readFile(path, checkMode: true)
    }

    static func readFile(_ path: String, checkMode: Bool) throws(SecretError) -> String {
        do {
            return try SecretFile.read(path, requireOwnerOnly: checkMode, maximumBytes: maximumFileBytes)
        } catch {
            switch error.code {
            case .readableByOthers: throw .readableByOthers(path, mode: error.mode)
            case .unreadable: throw .unreadable(path, reason: error.error?.message ?? "unreadable")
            case .notARegularFile: throw .unreadable(path, reason: "not a regular file")
            case .tooLarge: throw .unreadable(path, reason: "larger than 64 KiB")
            }
        }
    }
}

/// Why a secret could not be read. Descriptions name the source, never the value.
public struct SecretError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Code: Hashable, Sendable {
        case readableByOthers, unreadable, environmentVariableMissing, noCredentialsDirectory, empty
    }

    private let code: Code
    /// What went wrong and how to fix it.
    public let description: String

    private init(_ code: Code, _ description: String) {
        self.code = code
        self.description = description
    }

    /// The file can be read by group or others.
    public static func readableByOthers(_ path: String, mode: UInt32) -> SecretError {
        SecretError(
            .readableByOthers,
            "refusing to read the secret in \(path): other users can read it (mode \(String(mode, radix: 8))); fix it with: chmod 600 \(path)"
        )
    }

    /// The file could not be read.
    public static func unreadable(_ path: String, reason: String) -> SecretError {
        SecretError(.unreadable, "cannot read the secret in \(path): \(reason)")
    }

    /// The environment variable is not set.
    public static func environmentVariableMissing(_ name: String) -> SecretError {
        SecretError(.environmentVariableMissing, "the environment variable \(name) is not set")
    }

    /// Not running with systemd credentials.
    public static func noCredentialsDirectory(_ name: String) -> SecretError {
        SecretError(
            .noCredentialsDirectory,
            "the systemd credential \(name) is not available: $CREDENTIALS_DIRECTORY is not set (add LoadCredential=\(name):PATH to the unit)"
        )
    }

    /// The source holds nothing.
    public static func empty(_ source: String) -> SecretError {
        SecretError(.empty, "\(source) is empty")
    }

    public static func == (lhs: SecretError, rhs: SecretError) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
