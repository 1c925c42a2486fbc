// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import TempestCloud

/// The requests sent on one connection and the acks still awaited.
struct WebSocketSubscriptions {
    struct Pending {
        var request: LiveRequest
        var sentAt: Double
        /// Already asked a second time.
        var retried: Bool
    }

    private(set) var pending: [String: Pending] = [:]
    private var sequence: Int

    /// `firstSequence` keeps ids unique across connections.
    init(firstSequence: Int) { sequence = firstSequence }

    /// The number the next id will carry.
    var nextSequence: Int { sequence }

    /// Records a request about to be sent and returns its text.
    mutating func text(for request: LiveRequest, at now: Double, retried: Bool = false) -> String {
        sequence += 1
        let id = "tg-\(request.type)-\(sequence)"
        pending[id] = Pending(request: request, sentAt: now, retried: retried)
        return request.text(id: id)
    }

    /// The request an ack settles, if it was awaited.
    mutating func acknowledge(id: String) -> LiveRequest? {
        pending.removeValue(forKey: id)?.request
    }

    /// The requests unacknowledged for `timeoutSeconds`, removed from the
    /// awaited ones (the caller asks again or gives up).
    mutating func takeOverdue(now: Double, timeoutSeconds: Double) -> [Pending] {
        let overdue = pending.filter { now - $0.value.sentAt >= timeoutSeconds }
        for id in overdue.keys { pending.removeValue(forKey: id) }
        return overdue.keys.sorted().compactMap { overdue[$0] }
    }
}
