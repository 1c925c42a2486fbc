// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// A count with its noun in the right number, for everything the CLI and
/// the operator log print: "1 minute", "2 minutes", "0 devices". One place,
/// so no message says "1 minutes".
public enum Plural {
    /// `count` and `singular`, or its plural for any count but 1. The
    /// plural is `singular` + "s" unless `plural` names another.
    public static func count<Number: BinaryInteger>(_ count: Number, _ singular: String, plural: String? = nil) -> String {
        "\(count) \(noun(count, singular, plural: plural))"
    }

    /// The noun alone, for a count printed elsewhere ("hour" or "hours").
    public static func noun<Number: BinaryInteger>(_ count: Number, _ singular: String, plural: String? = nil) -> String {
        count == 1 ? singular : plural ?? singular + "s"
    }
}
