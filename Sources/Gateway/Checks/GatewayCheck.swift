// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// One check's outcome, as `doctor` and `setup` report it: a name, pass,
/// warn or fail in words, what was found, and what to do about a problem.
struct GatewayCheck {
    /// The verdict, spelled out so that colour never carries it alone.
    enum Outcome: String { case pass = "PASS", warn = "WARN", fail = "FAIL" }

    var name: String
    var outcome: Outcome
    var detail: String
    var hint: String?

    /// The check as one or two lines: verdict, name and detail, then the hint.
    var lines: [String] {
        var lines = ["\(outcome.rawValue): \(name): \(detail)"]
        if let hint, outcome != .pass { lines.append("  What to do: \(hint)") }
        return lines
    }
}
