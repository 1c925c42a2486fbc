// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import TempestUDP

/// One observation row as the quality checks read it: its time and its
/// values by protocol name (missing values absent), whatever the kind.
public struct QualityRowValues: Hashable, Sendable {
    /// The row's time, epoch seconds.
    public var timestamp: Int64
    /// The present values by protocol name (`air_temperature`, …).
    public var values: [String: Double]
    /// Every field the row's kind has, present or not.
    public var fieldNames: Set<String>
    /// A Tempest (`obs_st`): its power-save rules apply.
    public var isTempest: Bool

    /// Values as given.
    public init(timestamp: Int64, values: [String: Double], fieldNames: Set<String>, isTempest: Bool) {
        self.timestamp = timestamp
        self.values = values
        self.fieldNames = fieldNames
        self.isTempest = isTempest
    }

    /// The values of `row`, read through its kind's field table.
    public init<Row: ObservationRowLayout>(_ row: Row) {
        var values = [String: Double]()
        for field in Row.fields {
            if let value = field.value(in: row) { values[field.name] = value.number }
        }
        self.init(
            timestamp: row.timestamp.secondsSince1970, values: values, fieldNames: Set(Row.fields.map(\.name)),
            isTempest: Row.messageType == .tempestObservation)
    }
}

extension ObservationRowLayout {
    /// Makes the value named `name` missing (a bad verdict's value, before publishing).
    mutating func removeValue(named name: String) {
        guard let field = Self.fields.first(where: { $0.name == name }) else { return }
        switch field.slot {
        case .number(let property): self[keyPath: property] = nil
        case .integer(let property): self[keyPath: property] = nil
        case .precipitationType(let property): self[keyPath: property] = nil
        }
    }
}
