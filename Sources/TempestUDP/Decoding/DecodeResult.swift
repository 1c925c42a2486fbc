// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// What the decoder made of one datagram.
public enum DecodeResult: Sendable, Hashable {
    /// A valid message, with anything noteworthy about it.
    case decoded(TempestMessage, DecodeDiagnostics)
    /// Well-formed, but of a type the gateway does not handle (types are
    /// case-sensitive). Counted as unknown, not as an error.
    case ignored(unknownType: String)
    /// Dropped: not a valid datagram.
    case rejected(DecodeError)
}
