// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import MQTT
import SystemSupport

/// The broker's events, routed to the publisher's parts.
extension GatewayPublisher {
    /// The broker's events, routed to the parts. Wakes the pump when they
    /// leave it work.
    func handle(_ event: MQTTEvent) {
        var wake = false
        defer { if wake { wakeup.signal() } }
        switch event {
        case .connected:
            parts.withLock { $0.connected() }
            wake = true
            logger.notice("connected to the MQTT broker")
        case .published(let messageID):
            // Ids of neither kind are resends of an earlier connection
            // (libmosquitto repeats its unacknowledged messages): ignored.
            // The pump is woken only when it has something to send into the
            // room the acknowledgement made (the outbox or values waiting),
            // once the window is half empty or empty.
            var delivered: Int64?
            wake = parts.withLock { parts in
                if let acknowledged = parts.outbox.acknowledged(messageID) {
                    delivered = acknowledged.outboxID
                    return acknowledged.wake
                } else if parts.retained.acknowledged(messageID) {
                    return (parts.retained.hasPending || parts.homeAssistant.hasDevicesToAnnounce)
                        && parts.retained.isAtWakePoint
                }
                return false
            }
            if let delivered { acknowledge(CollectionOfOne(delivered)) }
        case .disconnected(let error):
            parts.withLock { $0.connectionEnded() }
            wake = true
            if let error { logger.warning("lost the MQTT broker: \(error); retrying, and keeping messages in the outbox") }
        case .connectionFailed(let error):
            let endsRetries = ConnectionSupervisor.endsRetries(error.kind)
            let now = MonotonicClock.seconds()
            let (shouldLog, retriesEnded) = parts.withLock {
                $0.connection.failed(description: error.description, endsRetries: endsRetries, now: now)
            }
            wake = retriesEnded  // the pump sets its timer for the restart
            if shouldLog { logger.warning("cannot connect to the MQTT broker: \(error); retrying") }
        case .message(let topic, let payload, _):
            // Home Assistant restarted, or its button asks: announce
            // everything again.
            let homeAssistantBack = parts.withLock { parts in
                guard
                    parts.homeAssistant.isHomeAssistantOnline(topic: topic, payload: payload)
                        || parts.homeAssistant.isAnnounceCommand(topic: topic, payload: payload)
                else { return false }
                parts.retained.republishAll = true
                return true
            }
            if homeAssistantBack { wake = true }
        }
    }
}
