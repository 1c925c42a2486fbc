// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// What is wrong with one line's syntax, before it becomes a
/// ``ConfigurationProblem`` with the line number.
struct TOMLSyntaxError: Error {
    let problem: String
    let allowed: String?

    init(_ problem: String, allowed: String? = nil) {
        self.problem = problem
        self.allowed = allowed
    }
}
