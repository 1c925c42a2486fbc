// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import Configuration

/// A command-line option that sets a configuration key accepts exactly what
/// the key accepts: the key's rule in ``ConfigurationSchema`` is the one
/// definition, for the file, the environment and the option alike.
extension ConfigurationSchema {
    /// Throws, naming the option and the key, when `value` breaks the rule
    /// of the key `path` that the option `--name` sets; nil passes.
    static func checkOption(_ name: String, sets path: String, _ value: TOMLValue?) throws {
        guard let value else { return }
        guard let key = key(path) else { preconditionFailure("--\(name) sets \(path), which the schema lacks") }
        if case .failure(let violation) = key.rule.check(value) {
            throw ValidationError("--\(name): \(violation.problem); allowed: \(key.rule.allowed) (as for \(path))")
        }
    }

    /// ``checkOption(_:sets:_:)`` for a whole-number option.
    static func checkOption<Number: BinaryInteger>(_ name: String, sets path: String, _ value: Number?) throws {
        try checkOption(name, sets: path, value.map { TOMLValue.integer(Int64(clamping: $0)) })
    }

    /// ``checkOption(_:sets:_:)`` for a decimal option.
    static func checkOption(_ name: String, sets path: String, _ value: Double?) throws {
        try checkOption(name, sets: path, value.map { TOMLValue.float($0) })
    }

    /// ``checkOption(_:sets:_:)`` for a text option.
    static func checkOption(_ name: String, sets path: String, _ value: String?) throws {
        try checkOption(name, sets: path, value.map { TOMLValue.string($0) })
    }
}
