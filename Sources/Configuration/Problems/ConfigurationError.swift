// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Why a configuration could not be loaded, changed or saved.
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Code: Sendable, Equatable {
        case fileNotFound(path: String)
        case unreadable(path: String, reason: String)
        case unwritable(path: String, reason: String)
        case invalid(path: String?, problems: [ConfigurationProblem])
        case unknownKey(String)
        case emptyFile(path: String)
    }

    private let code: Code

    private init(_ code: Code) {
        self.code = code
    }

    /// A configuration file named explicitly does not exist.
    public static func fileNotFound(path: String) -> ConfigurationError {
        ConfigurationError(.fileNotFound(path: path))
    }

    /// The file exists but could not be read (`reason`: the system's words).
    public static func unreadable(path: String, reason: String) -> ConfigurationError {
        ConfigurationError(.unreadable(path: path, reason: reason))
    }

    /// The file could not be written (`reason`: the system's words).
    public static func unwritable(path: String, reason: String) -> ConfigurationError {
        ConfigurationError(.unwritable(path: path, reason: reason))
    }

    /// The configuration has problems; each names its key and what is wrong.
    public static func invalid(path: String?, problems: [ConfigurationProblem]) -> ConfigurationError {
        ConfigurationError(.invalid(path: path, problems: problems))
    }

    /// A key that the configuration does not have.
    public static func unknownKey(_ key: String) -> ConfigurationError {
        ConfigurationError(.unknownKey(key))
    }

    /// The file sets no key (empty, or only comments and section headers)
    /// where the caller wants one that does: a reload (see
    /// ``LoadedConfiguration/setsNoKey``).
    public static func emptyFile(path: String) -> ConfigurationError {
        ConfigurationError(.emptyFile(path: path))
    }

    /// The problems, when the error is ``invalid(path:problems:)``; else empty.
    public var problems: [ConfigurationProblem] {
        if case .invalid(_, let problems) = code { return problems }
        return []
    }

    public var description: String {
        switch code {
        case .fileNotFound(let path):
            "the configuration file \(path) does not exist"
        case .unreadable(let path, let reason):
            "cannot read the configuration file \(path): \(reason)"
        case .unwritable(let path, let reason):
            "cannot write the configuration file \(path): \(reason)"
        case .invalid(let path, let problems):
            "the configuration\(path.map { " in \($0)" } ?? "") has \(problems.count) "
                + (problems.count == 1 ? "problem" : "problems") + ":\n"
                + problems.map { "  " + $0.description }.joined(separator: "\n")
        case .unknownKey(let key):
            "unknown key \(key); `tempest-gateway config show` lists every key"
        case .emptyFile(let path):
            "the configuration file \(path) sets no key (it is empty or only comments): applying it would return "
                + "every setting to its default, such as the MQTT broker on localhost:1883. Restore the file, "
                + "or start the gateway with `run --allow-empty` to apply such a file"
        }
    }
}
