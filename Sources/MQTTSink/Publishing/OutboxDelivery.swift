// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Storage

/// Outbox delivery: which outbox messages are in flight on the current
/// connection, how far the outbox was sent, and whether it may hold more.
///
/// At most `window` messages wait for their PUBACK at a time, sent in id
/// order by one sender at a time (the pump, or a commit's fast path). A
/// message is published and recorded in flight by one call (`send`), made
/// under the same lock as `acknowledged`: an acknowledgement always finds
/// its message. A new connection sends the outbox again from its start (at
/// least once, as QoS 1 promises). A value type, kept with the publisher's
/// other parts under its one lock.
package struct OutboxDelivery {
    /// What the pump may read and send: outbox ids after `afterID`, at most
    /// `room` of them, claimed while commits numbered `generation`.
    struct Claim {
        let afterID: Int64
        let room: Int
        let generation: UInt64
    }

    /// Most outbox messages unacknowledged at a time.
    let window: Int
    /// Message id → outbox id, for messages sent and not yet acknowledged.
    private(set) var inFlight: [Int32: Int64] = [:]
    /// The newest outbox id sent on the current connection.
    private(set) var lastSentID: Int64 = 0
    /// False once the outbox was read to its end on the current connection,
    /// until a commit (which may have added messages) or a reconnect: spares
    /// the store a query on every wake-up while nothing new is there.
    private(set) var mayHaveMore = true
    /// Counts commits, so that a read that raced with a commit never clears
    /// `mayHaveMore`.
    private(set) var commitGeneration: UInt64 = 0
    /// True while outbox messages are being handed to the client: one
    /// sender at a time keeps the order.
    private(set) var sending = false

    init(window: Int) {
        self.window = window
    }

    /// Claims the next batch for the pump (and `sending` with it); nil when
    /// the window is full, the outbox was read to its end, or another sender
    /// is at work.
    mutating func claimBatch() -> Claim? {
        let room = window - inFlight.count
        guard room > 0, mayHaveMore, !sending else { return nil }
        sending = true
        return Claim(afterID: lastSentID, room: room, generation: commitGeneration)
    }

    /// The batch read for `claim` came back short: the outbox was read to
    /// its end. No query until the next commit, unless one happened while
    /// reading, or the connection changed (`sameConnection` false: the new
    /// one sends the outbox again from its start, this batch included).
    mutating func readToEnd(_ claim: Claim, sameConnection: Bool) {
        if commitGeneration == claim.generation && sameConnection { mayHaveMore = false }
    }

    /// Commits stored new outbox messages, `count` of them not yet sent.
    /// True when they may be kept to be sent as they are (connected,
    /// everything older sent, room for all of them). Otherwise the pump
    /// reads them from the outbox.
    mutating func mayKeepCommitted(count: Int, connected: Bool) -> Bool {
        if connected, !mayHaveMore, window - inFlight.count >= count { return true }
        commitGeneration &+= 1
        mayHaveMore = true
        return false
    }

    /// Claims `sending` for messages kept by `mayKeepCommitted`; false when
    /// another sender is at work (they are then read from the outbox).
    mutating func claimKept() -> Bool {
        if sending {
            commitGeneration &+= 1
            mayHaveMore = true
            return false
        }
        sending = true
        return true
    }

    /// The sender claimed by `claimBatch` or `claimCommitted` is done.
    mutating func finishSending() {
        sending = false
    }

    /// Publishes `message` and records it: in flight at QoS 1 and 2, in
    /// `delivered` at QoS 0 (handed to the client counts as delivered).
    /// False when the client refused it (disconnected meanwhile).
    mutating func send(_ message: OutboxMessage, with client: some MQTTPublishing, delivered: inout [Int64]) -> Bool {
        guard
            let messageID = try? client.publish(
                topic: message.topic, payload: message.payload, qos: Int32(message.qos), retain: message.retain)
        else { return false }
        lastSentID = max(lastSentID, message.id)
        if message.qos == 0 {
            delivered.append(message.id)
        } else {
            inFlight[messageID] = message.id
        }
        return true
    }

    /// The broker acknowledged `messageID`: the outbox id it carried, and
    /// whether the pump should wake to fill the room (the outbox may have
    /// more, and the window is half empty or empty). Nil when it is no
    /// outbox message in flight on this connection.
    mutating func acknowledged(_ messageID: Int32) -> (outboxID: Int64, wake: Bool)? {
        guard let id = inFlight.removeValue(forKey: messageID) else { return nil }
        return (id, mayHaveMore && (inFlight.isEmpty || inFlight.count == window / 2))
    }

    /// The connection ended: what was in flight is forgotten, and the next
    /// connection sends the outbox from its start.
    mutating func connectionEnded() {
        inFlight.removeAll()
        lastSentID = 0
    }

    /// Connected: the outbox goes out again from its start.
    mutating func connected() {
        connectionEnded()
        mayHaveMore = true
    }
}
