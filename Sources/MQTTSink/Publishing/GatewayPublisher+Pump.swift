// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import MQTT
import ServiceLifecycle
import Storage
import SystemSupport

/// The pump: the publisher's own task. It publishes what the commit thread
/// left it (or, without that thread, what commits left), and what else
/// there is (after a reconnect, for new devices, availability, and the
/// outbox read back from the store).
extension GatewayPublisher {
    /// Connects in the background; a broker that is down is retried.
    public func start() throws {
        try mqtt?.start()
    }

    /// The pump, until the group shuts down. It sleeps until something gives
    /// it work: a commit (`committed`), the broker's events (a connection,
    /// an acknowledgement that makes room for waiting messages, a loss), or
    /// a deadline that time alone brings (a device falling silent, a restart
    /// after libmosquitto gave up; `secondsUntilTimedWork`). A quiet gateway
    /// with nothing due has no timer at all.
    public func run() async {
        await cancelWhenGracefulShutdown { [self] in
            // What the outbox held at start (after a crash) leaves without
            // waiting for a datagram's commit.
            await pump()
            while !Task.isCancelled {
                let deadline = secondsUntilTimedWork().map { MonotonicClock.seconds() + $0 }
                await wakeup.wait(untilMonotonicSeconds: deadline)
                if Task.isCancelled { break }
                await pump()
            }
        }
    }

    /// One round of work: what the last commits left (their values and
    /// events), then republish the retained state after a reconnect,
    /// announce new devices, publish availability changes, and send the next
    /// outbox batch.
    public func pump() async {
        pumpRounds.add(1, ordering: .relaxed)
        deliverCommitted()
        restartIfRetriesEnded()
        // Every retained value again, through the window like any pending
        // value, after the status and the devices' configs.
        let (announce, connected) = parts.withLock { ($0.retained.beginRepublish(), $0.connection.isConnected) }
        guard connected, let mqtt else { return }
        if announce {
            publishState(mqtt, topic: layout.gatewayStatus, text: "online", qos: 1)
            if let discovery {
                try? mqtt.subscribe(topic: "\(discovery.prefix)/status", qos: 1)
                try? mqtt.subscribe(topic: layout.gatewayCommand, qos: 1)
            }
        }
        announceDevices(mqtt, all: announce)
        publishAvailability()
        publishPendingValues(mqtt)
        // The next outbox batch, unless a commit is sending its own messages
        // right now (it wakes the pump again when done).
        let claimed = parts.withLock { parts -> (claim: OutboxDelivery.Claim, epoch: UInt64)? in
            guard parts.connection.isConnected, let claim = parts.outbox.claimBatch() else { return nil }
            return (claim, parts.connection.epoch)
        }
        guard let claimed else { return }
        let (claim, epoch) = claimed
        defer { parts.withLock { $0.outbox.finishSending() } }
        guard
            let batch = try? await inbox.perform({ store in
                try store.nextOutboxBatch(afterID: claim.afterID, limit: claim.room)
            })
        else { return }
        if batch.count < claim.room {
            parts.withLock { $0.outbox.readToEnd(claim, sameConnection: $0.connection.epoch == epoch) }
        }
        send(batch, with: mqtt, epoch: epoch)
    }

    /// Hands outbox messages to the client in id order and records them as
    /// in flight; stops at the first failure (disconnected meanwhile: the
    /// reconnect starts over from the outbox).
    func send(_ batch: [OutboxMessage], with mqtt: any MQTTConnection, epoch: UInt64) {
        // QoS 0 messages count as delivered once handed to the client.
        var delivered: [Int64] = []
        defer { acknowledge(delivered) }
        for message in batch {
            // Published and recorded under one lock, which the PUBACK
            // handler takes too: an acknowledgement always finds its message.
            let sent = parts.withLock { parts in
                parts.connection.epoch == epoch && parts.outbox.send(message, with: mqtt, delivered: &delivered)
            }
            if !sent { return }
        }
    }

    /// Seconds until time alone gives the pump work: a device's allowed
    /// silence running out (its availability turns `offline`), or the
    /// restart after libmosquitto gave up. Nil when nothing is due; at least
    /// a second, so that a due item the pump cannot act on yet (the broker is
    /// away) never makes it spin.
    public func secondsUntilTimedWork() -> Double? {
        let monotonicNow = MonotonicClock.seconds()
        let wallNow = Int64(time(nil))
        let soonest = parts.withLock { parts -> Double? in
            let restart = parts.connection.secondsUntilRestart(now: monotonicNow, delay: restartDelaySeconds)
            let silence = parts.connection.isConnected ? parts.homeAssistant.secondsUntilSilence(now: wallNow) : nil
            return [restart, silence].compactMap { $0 }.min()
        }
        return soonest.map { max(1, $0) }
    }

    /// libmosquitto 2.0 gives up after a TLS failure or a refused MQTT 5
    /// connection; the gateway keeps trying, every `restartDelaySeconds`.
    func restartIfRetriesEnded() {
        let now = MonotonicClock.seconds()
        let due = parts.withLock { $0.connection.takeRestart(now: now, delay: restartDelaySeconds) }
        if due { try? mqtt?.restart() }
    }

    /// Publishes discovery configs for new or changed devices (all of them
    /// after a reconnect or when Home Assistant comes back), a device at a
    /// time while the state window has room. The rest wait as serials until
    /// acknowledgements make room: each device has about 40 configs, which
    /// libmosquitto holds until acknowledged, and a thousand new devices at
    /// once cost 38 MB when all were sent together.
    func announceDevices(_ mqtt: any MQTTConnection, all: Bool) {
        guard let discovery else { return }
        // A firmware learnt after the announcement goes in one config.
        for device in parts.withLock({ $0.homeAssistant.takeFirmwareToAnnounce() }) {
            if let config = discovery.configs(for: device).first(where: { !$0.payload.isEmpty }) {
                publishState(mqtt, topic: config.topic, text: config.payload, qos: 1)
            }
        }
        let devices = parts.withLock { $0.homeAssistant.takeDevicesToAnnounce(all: all) }
        let sorted = devices.sorted(by: { $0.serial < $1.serial })
        for (index, device) in sorted.enumerated() {
            let full = parts.withLock { parts in
                guard parts.retained.isWindowFull else { return false }
                parts.homeAssistant.announceLater(sorted[index...])
                return true
            }
            if full { return }
            for config in discovery.configs(for: device) {
                publishState(mqtt, topic: config.topic, text: config.payload, qos: 1)
            }
        }
    }

    /// Publishes `<base>/<serial>/availability` where it changed: `offline`
    /// once a device has been silent longer than its cadence allows. The
    /// topics are retained values like the others: sent at the values' QoS,
    /// within the state window (hundreds of new devices do not all wait in
    /// libmosquitto at once), and again after every reconnect with every
    /// other retained value (so a reconnect needs nothing of its own here).
    func publishAvailability() {
        guard discovery != nil else { return }
        let now = Int64(time(nil))
        let changes = parts.withLock { $0.homeAssistant.availabilityChanges(now: now) }
        if !changes.isEmpty { update(values: changes) }
    }
}
