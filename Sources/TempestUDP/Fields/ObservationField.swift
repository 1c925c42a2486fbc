// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// One value of an observation row (`obs_st`, `obs_air`, `obs_sky`): its
/// index in the `obs` row, its protocol name and unit, the range policy's
/// bounds, and the property of the typed row it lands in.
///
/// Each kind lists its fields once, in index order, in its table
/// (`TempestObservation.Row.fields`, `AirObservation.Row.fields`,
/// `SkyObservation.Row.fields`). The UDP decoder, the REST and WebSocket
/// row decoders, the canonical JSON writer, and GatewayCore's store writes,
/// daily summaries and derived inputs all read the table, so a field cannot
/// be known to one of them and missing from another. Index 0, the
/// timestamp, is in no table: it is required and checked on its own.
public struct ObservationField<Row: Sendable>: Sendable {
    /// The typed row's property the value lands in, which also says how the
    /// wire value is read.
    public enum Slot: Sendable {
        /// A measured number.
        case number(WritableKeyPath<Row, Double?> & Sendable)
        /// A count or code: a whole number on the wire (`3.0` counts as 3;
        /// the decoder treats a fraction as out of range).
        case integer(WritableKeyPath<Row, Int64?> & Sendable)
        /// `precipitation_type`: a whole-number code, kept as a `PrecipitationType`.
        case precipitationType(WritableKeyPath<Row, PrecipitationType?> & Sendable)
    }

    /// Position in the `obs` row (1 or more; 0 is the timestamp).
    public let index: Int
    /// The protocol's snake_case name (spec section 3): the canonical JSON
    /// key, and the name a range violation is counted under.
    public let name: String
    /// The unit as the protocol spec writes it ("m/s", "mb", "°C", "count", …).
    public let unit: String
    /// The decoder's range policy for the value (spec section 6); a value
    /// outside becomes missing. The REST rows are not checked against it.
    public let bounds: RangePolicy.Bounds
    /// Where the value lands in the typed row.
    public let slot: Slot

    /// A measured number at `index` landing in `property`.
    static func number(
        _ index: Int, _ name: String, _ unit: String, _ bounds: RangePolicy.Bounds,
        _ property: WritableKeyPath<Row, Double?> & Sendable
    ) -> ObservationField {
        ObservationField(index: index, name: name, unit: unit, bounds: bounds, slot: .number(property))
    }

    /// A count or code at `index` landing in `property`.
    static func integer(
        _ index: Int, _ name: String, _ unit: String, _ bounds: RangePolicy.Bounds,
        _ property: WritableKeyPath<Row, Int64?> & Sendable
    ) -> ObservationField {
        ObservationField(index: index, name: name, unit: unit, bounds: bounds, slot: .integer(property))
    }

    /// A precipitation type code at `index` landing in `property`.
    static func precipitationType(
        _ index: Int, _ name: String, _ unit: String, _ bounds: RangePolicy.Bounds,
        _ property: WritableKeyPath<Row, PrecipitationType?> & Sendable
    ) -> ObservationField {
        ObservationField(index: index, name: name, unit: unit, bounds: bounds, slot: .precipitationType(property))
    }

    /// The field's value in `row`; nil when missing. A precipitation type
    /// is its code.
    public func value(in row: Row) -> ObservationValue? {
        switch slot {
        case .number(let property): row[keyPath: property].map(ObservationValue.number)
        case .integer(let property): row[keyPath: property].map(ObservationValue.integer)
        case .precipitationType(let property): row[keyPath: property].map { .integer($0.code) }
        }
    }
}
