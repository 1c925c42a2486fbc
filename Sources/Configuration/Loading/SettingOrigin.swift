// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Where a setting's value came from.
public enum SettingOrigin: Sendable, Equatable, CustomStringConvertible {
    /// The embedded default.
    case defaultValue
    /// The configuration file, at this line.
    case file(line: Int)
    /// This environment variable.
    case environment(variable: String)

    public var description: String {
        switch self {
        case .defaultValue: "default"
        case .file(let line): "file line \(line)"
        case .environment(let variable): "environment \(variable)"
        }
    }

    /// The file's line, when the value came from the file.
    public var line: Int? {
        if case .file(let line) = self { return line }
        return nil
    }

    /// The environment variable, when the value came from one.
    public var variable: String? {
        if case .environment(let variable) = self { return variable }
        return nil
    }

    /// One word for machines: `default`, `file` or `environment`.
    public var kind: String {
        switch self {
        case .defaultValue: "default"
        case .file: "file"
        case .environment: "environment"
        }
    }
}
