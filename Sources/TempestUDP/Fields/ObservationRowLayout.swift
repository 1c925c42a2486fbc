// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// A typed observation row (`TempestObservation.Row`, `AirObservation.Row`,
/// `SkyObservation.Row`) with its kind's field table: the decoders, the
/// canonical JSON writer and the code that copies rows into records treat
/// the three kinds alike through it.
public protocol ObservationRowLayout: Sendable {
    /// The kind's fields in index order, after the timestamp at index 0.
    static var fields: [ObservationField<Self>] { get }
    /// The values a UDP row has, the fewest any row may have (spec section
    /// 6). Fields at this index and beyond are sent by the REST API and the
    /// WebSocket only.
    static var minimumValueCount: Int { get }
    /// The message type whose `obs` rows these are.
    static var messageType: MessageType { get }

    /// A row with only a timestamp.
    init(timestamp: UnixTimestamp)
    /// Observation time (index 0).
    var timestamp: UnixTimestamp { get }
    /// Report interval, minutes: it scales the bounds of the row's rain.
    var reportIntervalMinutes: Int64? { get }
}
