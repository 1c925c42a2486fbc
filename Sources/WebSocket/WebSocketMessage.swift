// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// One complete data message (fragments already joined).
public enum WebSocketMessage: Sendable, Equatable {
    /// A text message, valid UTF-8.
    case text(String)
    /// A binary message.
    case binary([UInt8])
}
