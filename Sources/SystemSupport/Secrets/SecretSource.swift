// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Where a secret (a password, a token, an API key) comes from, and the one
/// rule for every secret the gateway reads: a file named in the
/// configuration, else an environment variable, else a systemd credential
/// (``first(file:environmentVariable:credential:environment:)``). Never the
/// command line: arguments are visible to every user in the process list.
/// Descriptions name the source, never the value.
public enum SecretSource: Sendable, Hashable, CustomStringConvertible {
    /// A file readable by its owner only (mode 0600 or 0400).
    case file(path: String)
    /// An environment variable, for containers.
    case environment(name: String)
    /// A systemd credential: `$CREDENTIALS_DIRECTORY/<name>` (`LoadCredential=`).
    case systemdCredential(name: String)

    /// Largest secret file accepted, 64 KiB. The MQTT password, the web
    /// page's password and the Open-Meteo key were held to 64 KiB and the
    /// WeatherFlow token to 4 KiB before they shared this rule; the larger
    /// limit refuses no file that was read before, and a token, tens of
    /// bytes, is no worse off for it. The limit only keeps a wrong path (a
    /// log, a database) from being read into memory whole.
    public static let maximumFileBytes = 64 * 1024

    /// The first source that is set: the file when one is given, else the
    /// environment variable when it exists, else the systemd credential
    /// when `$CREDENTIALS_DIRECTORY` holds a readable one; nil when none is.
    /// A given file wins even when it cannot be read, so that a mistake in
    /// its path is reported rather than passed over.
    /// - Parameter environment: looks up an environment variable; the
    ///   process's own by default.
    public static func first(
        file: String?, environmentVariable: String?, credential: String?,
        environment: (String) -> String? = ProcessEnvironment.value
    ) -> SecretSource? {
        if let file { return .file(path: file) }
        if let environmentVariable, environment(environmentVariable) != nil { return .environment(name: environmentVariable) }
        if let credential, SystemdCredential(name: credential).isReadable(environment: environment) {
            return .systemdCredential(name: credential)
        }
        return nil
    }

    /// Reads the secret; one trailing line ending (`\n`, `\r\n` or `\r`)
    /// is dropped, and nothing left is an error.
    /// - Parameter environment: looks up an environment variable; the
    ///   process's own by default.
    public func load(environment: (String) -> String? = ProcessEnvironment.value) throws(SecretSourceError) -> Secret {
        let text: String
        switch self {
        case .file(let path):
            text = try read(path, requireOwnerOnly: true)
        case .environment(let name):
            guard let value = environment(name) else { throw SecretSourceError(.environmentVariableMissing, source: self) }
            text = value
        case .systemdCredential(let name):
            let path: String
            do {
                path = try SystemdCredential(name: name).path(environment: environment)
            } catch {
                throw SecretSourceError(error.code == .noCredentialsDirectory ? .noCredentialsDirectory : .invalidCredentialName, source: self)
            }
            // systemd already made the file private to the service.
            text = try read(path, requireOwnerOnly: false)
        }
        var trimmed = Substring(text)
        // "\r\n" is one Character: one dropLast drops the whole ending.
        if let last = trimmed.last, last == "\n" || last == "\r\n" || last == "\r" { trimmed = trimmed.dropLast() }
        guard !trimmed.isEmpty else { throw SecretSourceError(.empty, source: self) }
        return Secret(String(trimmed))
    }

    /// The source in words, such as "the file /etc/tempest-gateway/mqtt-password".
    public var description: String {
        switch self {
        case .file(let path): "the file \(path)"
        case .environment(let name): "the environment variable \(name)"
        case .systemdCredential(let name): "the systemd credential \(name)"
        }
    }

    /// The file at `path` (this source's, or its credential's), with the
    /// file checks of ``SecretFile``.
    private func read(_ path: String, requireOwnerOnly: Bool) throws(SecretSourceError) -> String {
        do {
            return try SecretFile.read(path, requireOwnerOnly: requireOwnerOnly, maximumBytes: Self.maximumFileBytes)
        } catch {
            switch error.code {
            case .readableByOthers: throw SecretSourceError(.readableByOthers, source: self, path: path, mode: error.mode)
            case .unreadable: throw SecretSourceError(.unreadable, source: self, path: path, systemError: error.error)
            case .notARegularFile: throw SecretSourceError(.notARegularFile, source: self, path: path)
            case .tooLarge: throw SecretSourceError(.tooLarge, source: self, path: path)
            }
        }
    }
}
