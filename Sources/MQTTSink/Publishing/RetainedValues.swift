// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Retained values: the latest value of every retained topic, and the
/// window of retained-state messages (values, the gateway's status,
/// discovery configs) sent and not yet acknowledged (QoS 1) or written
/// (QoS 0).
///
/// libmosquitto holds each QoS 1 message in memory until its PUBACK, and
/// values change with every datagram; so at most `stateWindow` state
/// messages are unacknowledged at a time, and a topic that changes while
/// the window is full waits as pending: only its latest value goes out when
/// there is room. After a reconnect every value goes out again. A value
/// type, kept with the publisher's other parts under its one lock, which
/// the PUBACK handler takes too: a message is recorded in the window under
/// the lock it was published under.
package struct RetainedValues {
    /// Most retained-state messages unacknowledged at a time.
    let stateWindow: Int
    /// The QoS values are published at.
    let qos: Int32
    /// Whether values that did not change are published again.
    let republishUnchanged: Bool
    /// Latest retained values by topic, republished after a reconnect.
    private(set) var latestValues: [RetainedTopic: String] = [:]
    /// Message ids of retained state sent and not yet acknowledged (QoS 1)
    /// or written to the socket (QoS 0).
    private(set) var stateInFlight = Set<Int32>()
    /// Value topics changed while the window was full: their latest value
    /// goes out when there is room.
    private(set) var pendingValues = Set<RetainedTopic>()
    /// Value topics changed by a message whose commit has not come yet, in
    /// the order they changed: they leave after the commit's events.
    private(set) var valuesAwaitingCommit: [RetainedTopic] = []

    /// Whether values wait for the next commit.
    var hasValuesAwaitingCommit: Bool { !valuesAwaitingCommit.isEmpty }
    /// Everything retained goes out again on the pump's next round (the
    /// status, the discovery configs, every value): set on connect and when
    /// Home Assistant comes back.
    var republishAll = false

    init(stateWindow: Int, policy: RetainedValuePolicy) {
        self.stateWindow = stateWindow
        self.qos = policy.qos
        self.republishUnchanged = policy.republishUnchanged
    }

    /// Whether the window of unacknowledged state messages is full.
    var isWindowFull: Bool { stateInFlight.count >= stateWindow }

    /// Whether an acknowledgement now should wake the pump, given it has
    /// something to send: the window is half empty or empty.
    var isAtWakePoint: Bool { stateInFlight.isEmpty || stateInFlight.count == stateWindow / 2 }

    /// Records `values` as the latest; returns those that changed (all of
    /// them with `republishUnchanged`). Compared with the latest recorded
    /// payload of each topic, which is also the one last sent or about to
    /// be: one entry per topic, so memory is bounded by the topics.
    mutating func record(_ values: [(topic: RetainedTopic, payload: String)]) -> [(topic: RetainedTopic, payload: String)] {
        var changed = [(topic: RetainedTopic, payload: String)]()
        for value in values {
            let previous = latestValues.updateValue(value.payload, forKey: value.topic)
            // An empty payload clears the topic's retained message: once is enough.
            if (republishUnchanged && !value.payload.isEmpty) || previous != value.payload { changed.append(value) }
        }
        return changed
    }

    /// Notes `changed` topics to leave after the next commit.
    mutating func awaitCommit(_ changed: [(topic: RetainedTopic, payload: String)]) {
        for value in changed where !valuesAwaitingCommit.contains(value.topic) {
            valuesAwaitingCommit.append(value.topic)
        }
    }

    /// The latest values of the topics that awaited a commit (none when not
    /// `connected`); none await any more.
    mutating func takeValuesAwaitingCommit(connected: Bool) -> [(RetainedTopic, String)] {
        defer { valuesAwaitingCommit.removeAll() }
        guard connected else { return [] }
        return valuesAwaitingCommit.compactMap { topic in latestValues[topic].map { (topic, $0) } }
    }

    /// Publishes one retained state message and records it in the window
    /// until the client reports it: at QoS 1 the broker's PUBACK, at QoS 0
    /// the client having written it to the socket (libmosquitto reports
    /// both as published). At QoS 0 the window so still bounds what waits
    /// in libmosquitto's queue: without it a day replayed in a burst held
    /// about 4.6 MB more there. False when the client refused (not connected).
    mutating func publishState(topic: String, text: String, qos: Int32, with client: some MQTTPublishing) -> Bool {
        guard let messageID = try? client.publish(topic: topic, text: text, qos: qos, retain: true) else { return false }
        stateInFlight.insert(messageID)
        return true
    }

    /// Publishes the latest value of a value topic, unless the window is
    /// full: the topic then waits as pending. False when the client refused.
    ///
    /// The value sent is the topic's latest as of now, under the lock, not
    /// `text` as the caller took it: values are taken under the lock and
    /// published a topic at a time, so the commit's thread could otherwise
    /// send an older value after the receive thread sent a newer one, and
    /// the broker would retain the older (seen under load).
    mutating func publishValue(_ topic: RetainedTopic, text: String, with client: some MQTTPublishing) -> Bool {
        if isWindowFull {
            pendingValues.insert(topic)
            return true
        }
        return publishState(topic: topic.text, text: latestValues[topic] ?? text, qos: qos, with: client)
    }

    /// Publishes a value taken by `takePending` (the room was counted then),
    /// its latest as of now as in `publishValue`. False when the client refused.
    mutating func publishTaken(_ topic: RetainedTopic, text: String, with client: some MQTTPublishing) -> Bool {
        publishState(topic: topic.text, text: latestValues[topic] ?? text, qos: qos, with: client)
    }

    /// As many pending topics as the window has room for, with their latest
    /// values, no longer pending; nil when there is no room or nothing waits.
    mutating func takePending() -> [(RetainedTopic, String)]? {
        let room = stateWindow - stateInFlight.count
        guard room > 0, !pendingValues.isEmpty else { return nil }
        let topics = Array(pendingValues.prefix(room))  // any order: each topic stands alone
        pendingValues.subtract(topics)
        return topics.compactMap { topic in latestValues[topic].map { (topic, $0) } }
    }

    /// `topic` waits again (the client refused it).
    mutating func makePending(_ topic: RetainedTopic) {
        pendingValues.insert(topic)
    }

    /// Whether topics wait for room in the window.
    var hasPending: Bool { !pendingValues.isEmpty }

    /// When `republishAll` was set, clears it and makes every value pending
    /// (they go out through the window like any pending value); returns
    /// whether it was set.
    mutating func beginRepublish() -> Bool {
        defer { republishAll = false }
        if republishAll { pendingValues.formUnion(latestValues.keys) }
        return republishAll
    }

    /// The broker acknowledged `messageID`; false when it is no state
    /// message in flight on this connection.
    mutating func acknowledged(_ messageID: Int32) -> Bool {
        stateInFlight.remove(messageID) != nil
    }

    /// The connection ended: what was in flight is forgotten.
    mutating func connectionEnded() {
        stateInFlight.removeAll()
    }

    /// Connected: every value goes out again, so nothing waits on its own.
    mutating func connected() {
        stateInFlight.removeAll()
        pendingValues.removeAll()
        valuesAwaitingCommit.removeAll()
        republishAll = true
    }
}
