// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import TempestUDP

/// Where the observation fields land in one `Target`, by protocol name (the
/// `name` of `ObservationField`, the same for a field in every kind that
/// has it). A field whose name is not here does not go into `Target`.
struct FieldLandings<Target>: Sendable {
    /// The landings by protocol name.
    let byName: [String: FieldLanding<Target>]

    /// Landings from a table written out by name.
    init(_ byName: [String: FieldLanding<Target>]) {
        self.byName = byName
    }

    /// Copies every field of `row` (its kind's table, in index order) that
    /// lands here into `target`.
    func fill<Row: ObservationRowLayout>(_ target: inout Target, from row: Row) {
        for field in Row.fields {
            byName[field.name]?.write(field.value(in: row), into: &target)
        }
    }

    /// Copies every field that lands here from `source`, where `sourceLandings` says it is.
    func fill<Source>(_ target: inout Target, from source: Source, through sourceLandings: FieldLandings<Source>) {
        for (name, landing) in byName {
            landing.write(sourceLandings.byName[name]?.read(from: source), into: &target)
        }
    }
}
