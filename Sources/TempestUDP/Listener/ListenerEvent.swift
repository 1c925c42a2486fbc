// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// What the listener hands its handler for each datagram it read.
public enum ListenerEvent: Sendable {
    /// A message to process (already de-duplicated).
    case message(ReceivedMessage)
    /// A datagram the decoder rejected; it is counted and dropped.
    case rejected(DecodeError, sourceAddress: String)
    /// A well-formed datagram of an unknown type; counted, not an error.
    case ignored(unknownType: String, sourceAddress: String)
    /// A message (or the rows of one) dated too far ahead: counted and
    /// handed over for the quarantine, never to the duplicate filter.
    case future(FutureMessage)
}

/// A message dated too far ahead, with the datagram it came in.
public struct FutureMessage: Sendable, Hashable {
    /// The part of the message dated too far ahead.
    public var message: TempestMessage
    /// The datagram's text, as received.
    public var datagram: String
    /// The sender's IPv4 address.
    public var sourceAddress: String
    /// The gateway's clock when the datagram was read.
    public var receivedAt: UnixTimestamp

    /// Creates a record of a message dated too far ahead.
    public init(message: TempestMessage, datagram: String, sourceAddress: String, receivedAt: UnixTimestamp) {
        self.message = message
        self.datagram = datagram
        self.sourceAddress = sourceAddress
        self.receivedAt = receivedAt
    }
}

/// A decoded message and the circumstances of its arrival.
public struct ReceivedMessage: Sendable, Hashable {
    /// The message (observation rows already seen are removed).
    public var message: TempestMessage
    /// Anything noteworthy the decoder found.
    public var diagnostics: DecodeDiagnostics
    /// Older than the newest message of the same device and type.
    public var isLate: Bool
    /// The sender's IPv4 address.
    public var sourceAddress: String
    /// The gateway's clock when the datagram was read.
    public var receivedAt: UnixTimestamp

    /// Creates a record of a received message.
    public init(
        message: TempestMessage,
        diagnostics: DecodeDiagnostics,
        isLate: Bool,
        sourceAddress: String,
        receivedAt: UnixTimestamp
    ) {
        self.message = message
        self.diagnostics = diagnostics
        self.isLate = isLate
        self.sourceAddress = sourceAddress
        self.receivedAt = receivedAt
    }
}
