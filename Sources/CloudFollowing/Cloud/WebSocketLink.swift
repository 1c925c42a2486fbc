// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import TempestCloud
import WebSocket

/// One open connection of the WebSocket follower and what it knows.
struct WebSocketLink {
    let channel: any WebSocketChannel
    /// Knows the subscribed devices and boxes.
    var decoder: LiveDecoder
    /// Requests sent and acks awaited.
    var subscriptions: WebSocketSubscriptions
    /// When the last message arrived.
    var lastMessageAt: Double
    /// When the ping for the current silence went out.
    var pingSentAt: Double?
    /// `connection_opened` came.
    var opened = false
    /// Devices with a listen_start sent on this connection.
    var deviceIDs = Set<Int>()
}
