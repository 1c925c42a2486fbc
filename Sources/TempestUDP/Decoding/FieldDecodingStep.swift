// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// What the datagram decoder needs of one `ObservationField`, made from the
/// field table once per kind. Plain values only: copying a step costs no
/// reference counting, and the value is stored at the property's offset
/// (taken from the table's key path) rather than through the key path, a
/// runtime call per value. Reading the table directly, with key paths,
/// made decoding an `obs_st` 1.8 times as costly (scripts/decoder-instructions.sh).
struct FieldDecodingStep {
    /// How the wire value is read and stored.
    enum Kind {
        /// A `Double?`.
        case number
        /// An `Int64?`; a fraction is a range violation.
        case integer
        /// A `PrecipitationType?` from a whole-number code.
        case precipitationType
    }

    /// Position in the `obs` row.
    let index: Int
    /// How the value is read.
    let kind: Kind
    /// The range policy's bounds.
    let bounds: RangePolicy.Bounds
    /// Where the row keeps the value: the byte offset of its stored property.
    let offset: Int
    /// Position of the field in its table, for its name, needed only when a
    /// value is refused.
    let position: Int

    /// The steps for `fields`, in the order the decoder has always read
    /// them: index order, except that the `reportInterval` field comes just
    /// before the first field whose bounds scale with it (the rain), so the
    /// rain's bound is known when the rain is read. The order is visible: it
    /// decides which of two bad values a rejection names, and the order of
    /// the range violations.
    static func steps<Row>(
        _ fields: [ObservationField<Row>], reportInterval: WritableKeyPath<Row, Int64?>
    ) -> [FieldDecodingStep] {
        var steps = fields.enumerated().map { position, field in
            let kind: Kind
            let property: PartialKeyPath<Row>
            switch field.slot {
            case .number(let path): (kind, property) = (.number, path)
            case .integer(let path): (kind, property) = (.integer, path)
            case .precipitationType(let path): (kind, property) = (.precipitationType, path)
            }
            // Only a stored property has an offset; the rows keep every value in one.
            guard let offset = MemoryLayout<Row>.offset(of: property) else {
                preconditionFailure("\(field.name) does not land in a stored property of \(Row.self)")
            }
            return FieldDecodingStep(index: field.index, kind: kind, bounds: field.bounds, offset: offset, position: position)
        }
        let interval = fields.firstIndex { field in
            if case .integer(let property) = field.slot { property == reportInterval } else { false }
        }
        if let interval, let firstScaled = fields.firstIndex(where: \.bounds.scalesWithReportInterval), firstScaled < interval {
            steps.insert(steps.remove(at: interval), at: firstScaled)
        }
        return steps
    }

    /// Stores `value` in `row` at this step's offset. `Value` must be the
    /// property's type, which `kind` names: `Double?` for a number, `Int64?`
    /// for a count or code, `PrecipitationType?` for a precipitation type.
    @inline(__always)
    func store<Row, Value>(_ value: Value, in row: inout Row) {
        withUnsafeMutableBytes(of: &row) { bytes in
            bytes.storeBytes(of: value, toByteOffset: offset, as: Value.self)
        }
    }
}
