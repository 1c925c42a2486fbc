// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// A row kind the datagram decoder reads through its field table: the table
/// turned once into `FieldDecodingStep`s, in decoding order.
protocol ObservationRowDecoding: ObservationRowLayout {
    /// `fields` as decoding steps, in the order the decoder reads them.
    static var decodingSteps: [FieldDecodingStep] { get }
}

extension TempestObservation.Row: ObservationRowDecoding {
    static let decodingSteps = FieldDecodingStep.steps(fields, reportInterval: \.reportIntervalMinutes)
}

extension AirObservation.Row: ObservationRowDecoding {
    static let decodingSteps = FieldDecodingStep.steps(fields, reportInterval: \.reportIntervalMinutes)
}

extension SkyObservation.Row: ObservationRowDecoding {
    static let decodingSteps = FieldDecodingStep.steps(fields, reportInterval: \.reportIntervalMinutes)
}
