// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// One thing wrong with a configuration: which key, where (a line of the
/// file or an environment variable), what is wrong, and what is allowed.
///
/// Described as one line, such as
/// `line 12: mqtt.port: "abc" is not a whole number; allowed: 1 to 65535`.
public struct ConfigurationProblem: Sendable, Equatable, CustomStringConvertible {
    /// The dotted key (`mqtt.port`), when the problem concerns one.
    public var key: String?
    /// The 1-based line of the file, when the problem is in the file.
    public var line: Int?
    /// The environment variable, when the problem is in one.
    public var variable: String?
    /// What is wrong.
    public var problem: String
    /// What is allowed instead, when that can be said.
    public var allowed: String?

    /// Creates a problem.
    public init(key: String? = nil, line: Int? = nil, variable: String? = nil, problem: String, allowed: String? = nil) {
        self.key = key
        self.line = line
        self.variable = variable
        self.problem = problem
        self.allowed = allowed
    }

    /// Where the problem is: `line 12`, `environment variable NAME`, or
    /// nil when neither applies.
    public var location: String? {
        if let line { return "line \(line)" }
        if let variable { return "environment variable \(variable)" }
        return nil
    }

    public var description: String {
        var parts = [String]()
        if let location { parts.append(location) }
        if let key { parts.append(key) }
        var text = (parts + [problem]).joined(separator: ": ")
        if let allowed { text += "; allowed: \(allowed)" }
        return text
    }
}
