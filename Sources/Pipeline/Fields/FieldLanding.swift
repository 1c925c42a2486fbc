// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import TempestUDP

/// Where an observation field lands in a value GatewayCore fills from rows
/// (the store's `ObservationRecord`, a daily-summary `ObservationSample`,
/// derived `Inputs`), and how its value converts on the way.
enum FieldLanding<Target>: Sendable {
    /// A number, as it is.
    case number(WritableKeyPath<Target, Double?> & Sendable)
    /// A number rounded to the nearest whole one: the store keeps
    /// directions, illuminance, solar radiation and strike distances as
    /// integers (every UDP value of those is whole already).
    case wholeNumber(WritableKeyPath<Target, Int?> & Sendable)
    /// A count or code, clamped to `Int`.
    case integer(WritableKeyPath<Target, Int?> & Sendable)
    /// A count or code.
    case integer64(WritableKeyPath<Target, Int64?> & Sendable)

    /// Sets the property to `value`, converted (nil clears it).
    func write(_ value: ObservationValue?, into target: inout Target) {
        switch self {
        case .number(let property): target[keyPath: property] = value?.number
        // A number no whole number can hold (only the cloud's rows, which
        // the range policy does not check, can carry one) lands as unknown.
        case .wholeNumber(let property): target[keyPath: property] = value.flatMap { Int(exactly: $0.number.rounded()) }
        case .integer(let property): target[keyPath: property] = value?.integer.map { Int(clamping: $0) }
        case .integer64(let property): target[keyPath: property] = value?.integer
        }
    }

    /// The property's value: a number for the two number landings, else a
    /// count or code.
    func read(from target: Target) -> ObservationValue? {
        switch self {
        case .number(let property): target[keyPath: property].map(ObservationValue.number)
        case .wholeNumber(let property): target[keyPath: property].map { .number(Double($0)) }
        case .integer(let property): target[keyPath: property].map { .integer(Int64($0)) }
        case .integer64(let property): target[keyPath: property].map(ObservationValue.integer)
        }
    }
}
