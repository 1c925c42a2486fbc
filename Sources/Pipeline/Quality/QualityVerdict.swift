// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// What the quality checks make of one value (docs/data.md, "Quality checks").
///
/// A good value needs no record; a suspect one is flagged and still
/// published; a bad one is published as unknown and left out of totals,
/// uploads and exports. The raw value always stays in the store.
public enum QualityVerdict: String, Hashable, Sendable, CaseIterable, Comparable {
    /// Nothing against it.
    case good
    /// Flagged, still used.
    case suspect
    /// Not used: published as unknown.
    case bad

    /// How serious: good < suspect < bad.
    var severity: Int {
        switch self {
        case .good: 0
        case .suspect: 1
        case .bad: 2
        }
    }

    public static func < (lhs: QualityVerdict, rhs: QualityVerdict) -> Bool { lhs.severity < rhs.severity }
}
