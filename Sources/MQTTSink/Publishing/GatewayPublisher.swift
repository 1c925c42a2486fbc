// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import Logging
import MQTT
import Pipeline
import Storage
import Synchronization
import SystemSupport

/// Publishes to MQTT from what is durable:
///
/// - JSON events come from the SQLite outbox, oldest first, at most
///   `window` unacknowledged at a time; an entry is deleted only after the
///   broker acknowledged it (PUBACK), so a broker outage or a crash loses
///   nothing. After a reconnect everything still in the outbox is sent again
///   (at-least-once, as QoS 1 promises). Each acknowledgement goes back to
///   the store as an ordinary write request (`.acknowledgeOutbox`), which
///   the writer folds into its next transaction.
/// - Retained per-value topics are the latest state: each is published when
///   it changes, and all of them again after every reconnect and when Home
///   Assistant says `online`; at `retained.qos` (0 by default: see
///   ``RetainedValuePolicy``).
/// - `<base>/gateway/status` is `online` after each connect, `offline` on a
///   clean stop, and `offline` through the last will otherwise.
///
/// It is the MQTT sink (`Sink`): the store writer tells it of each commit
/// (`committed`), and it publishes from its own thread (`mqtt-commits`, a
/// commit's events and values) and task (`run`, the pump: the rest), never
/// on the writer's thread.
public final class GatewayPublisher: Sink {
    /// The parts' state, under one lock: a message is published and recorded
    /// (in flight, in the state window) under the lock its PUBACK handler
    /// takes, and a sender checks the connection under it too.
    struct Parts {
        var connection = ConnectionSupervisor.State()
        var outbox: OutboxDelivery
        var retained: RetainedValues
        var homeAssistant: HomeAssistantAnnouncements
        /// Committed outbox messages the pump may send without reading the
        /// outbox back (everything older was sent), in id order.
        var committedMessages: [OutboxMessage] = []
        /// Committed notices (`RetainedStateNotice`) the pump has not yet taken.
        var committedNotices: [CommitNotice] = []

        /// The connection ended (lost, or replaced by `reconnect`): what was
        /// in flight is forgotten, and the outbox is sent again from its
        /// start on the next connection.
        mutating func connectionEnded() {
            connection.ended()
            outbox.connectionEnded()
            retained.connectionEnded()
            committedMessages.removeAll()
        }

        /// Connected: everything goes out again, the outbox from its start.
        mutating func connected() {
            connection.connected()
            outbox.connected()
            retained.connected()
        }
    }

    public let layout: TopicLayout
    public let discovery: HomeAssistantDiscovery?
    public let qos: Int32
    /// The QoS of retained values, and whether unchanged ones are sent again.
    public let retained: RetainedValuePolicy
    /// How messages become publications (for the ingestor's outbox entries).
    public let format: PublicationFormat
    /// WeatherFlow2MQTT's topics too (`--compat weatherflow2mqtt`, config
    /// `mqtt.compat`), or nil: read when the publications of a message are made.
    public let compatibility: WeatherFlow2MQTTCompatibility?
    public let window = 200
    /// Most retained-state messages unacknowledged at a time. libmosquitto
    /// holds each QoS 1 message in memory until its PUBACK; values change
    /// with every datagram, so under load they queue there without this
    /// bound (about 9 MB more at the peak of a day replayed at 20,000/s).
    /// Only the latest value of a topic matters, so the rest wait as topics.
    public let stateWindow = 200
    /// The store writer's inbox: acknowledgements go back through it, and
    /// the pump reads the outbox through it.
    let inbox: StoreInbox
    let logger: Logger
    let parts: Mutex<Parts>
    let connection: ConnectionSupervisor
    /// Wakes the pump: a commit that left it work, the broker's events (a
    /// connection, an acknowledgement, a loss), so that it need not poll.
    let wakeup = WakeupEvent()
    /// Hands each commit's events and values to the client, woken by `committed`.
    let commitThread = CommitDeliveryThread()
    /// Rounds the pump has run, for tests: at a station's pace commits and
    /// their acknowledgements leave it asleep.
    package let pumpRounds = Atomic<Int>(0)

    /// The sink's name in status and logs.
    public var name: String { "mqtt" }

    public init(
        configuration: MQTTConfiguration, layout: TopicLayout, discovery: HomeAssistantDiscovery?, qos: Int32,
        retained: RetainedValuePolicy = RetainedValuePolicy(),
        inbox: StoreInbox, logger: Logger, restartDelaySeconds: Double = 30,
        compatibility: WeatherFlow2MQTTCompatibility? = nil, units: PublishedUnits = .metric, highRateValues: Bool = false,
        makeConnection: @escaping MQTTConnection.Factory = MQTTClient.factory
    ) throws {
        self.format = PublicationFormat(
            layout: layout, qos: Int(qos), units: units, compatibility: compatibility, highRateValues: highRateValues)
        self.compatibility = compatibility
        self.layout = layout
        self.discovery = discovery
        self.qos = qos
        self.retained = retained
        self.inbox = inbox
        self.logger = logger
        self.parts = Mutex(
            Parts(
                outbox: OutboxDelivery(window: window),
                retained: RetainedValues(stateWindow: stateWindow, policy: retained),
                homeAssistant: HomeAssistantAnnouncements(discovery: discovery)))
        self.connection = ConnectionSupervisor(
            statusTopic: layout.gatewayStatus, restartDelaySeconds: restartDelaySeconds, makeConnection: makeConnection)
        try connection.start(configuration) { [weak self] event in self?.handle(event) }
        commitThread.start { [weak self] in
            guard let self, self.deliverCommitted() else { return }
            self.wakeup.signal()
        }
    }

    deinit {
        commitThread.stop(waiting: false)
    }

    /// How long to wait before trying again after a failure that ended
    /// libmosquitto's own retries (the broker may be fixed meanwhile).
    public var restartDelaySeconds: Double { connection.restartDelaySeconds }

    /// The broker the client connects to, `host:port` (for status reports).
    public var brokerAddress: String {
        mqtt.map { "\($0.configuration.host):\($0.configuration.port)" } ?? ""
    }

    var mqtt: (any MQTTConnection)? { connection.current }

    /// Moves to the connection `configuration` describes (a reload changed
    /// the broker, the credentials, TLS or the session settings); false,
    /// and nothing done, when it is the current one.
    ///
    /// The current connection publishes `offline` and disconnects cleanly.
    /// Messages it had in flight stay in the outbox and go over the new
    /// connection (at least once, as QoS 1 promises); once connected, the
    /// status, discovery and every retained value are published in full, as
    /// after any reconnect. Datagrams go on being stored meanwhile.
    ///
    /// - Throws: an `MQTTError` when the new client cannot be made (the
    ///   current connection is then kept) or started (the pump starts it
    ///   again after `restartDelaySeconds`, as after a failure that ended
    ///   libmosquitto's own retries).
    public func reconnect(with configuration: MQTTConfiguration) async throws -> Bool {
        let configuration = connection.withWill(configuration)
        guard let old = mqtt, old.configuration != configuration else { return false }
        let replacement = try connection.replacement(for: configuration) { [weak self] event in self?.handle(event) }
        // From here the old client's events are ignored.
        parts.withLock { parts in
            parts.connectionEnded()
            parts.connection.forgetFailures()
        }
        if old.isConnected {
            // Its PUBACK is not awaited (the old client's events are
            // ignored); the broker handles the PUBLISH before the DISCONNECT.
            _ = try? old.publish(topic: layout.gatewayStatus, text: "offline", qos: 1, retain: true)
            try? await Task.sleep(for: .milliseconds(100))
        }
        old.stop()
        connection.use(replacement)
        do {
            try replacement.start()
        } catch {
            parts.withLock { $0.connection.retriesEnded(at: MonotonicClock.seconds()) }
            wakeup.signal()
            throw error
        }
        logger.notice("moved to the MQTT broker at \(configuration.host):\(configuration.port)")
        return true
    }

    /// Records the latest retained values and publishes those that changed
    /// (the broker keeps the rest; everything is republished on reconnect),
    /// or all of them with `republishUnchanged`. The one way values reach
    /// the publisher: whatever is handed here gets these rules.
    ///
    /// `withNextCommit`: the values wait for the pump's next round after a
    /// commit, and leave right after that commit's events (one wake-up of
    /// libmosquitto's thread for both). Values of a message the ingestor
    /// stores come with its commit instead (`RetainedStateNotice`).
    public func update(values: [(topic: RetainedTopic, payload: String)], withNextCommit: Bool = false) {
        let changed = parts.withLock { parts -> [(topic: RetainedTopic, payload: String)] in
            let changed = parts.retained.record(values)
            guard parts.connection.isConnected else { return [] }
            if withNextCommit {
                parts.retained.awaitCommit(changed)
                return []
            }
            return changed
        }
        guard !changed.isEmpty, let mqtt else { return }
        publishValues(changed.lazy.map { ($0.topic, $0.payload) }, with: mqtt)
    }

    /// `update(values:withNextCommit:)` for topics given as text (forecasts,
    /// discovery documents, the cloud's rain check).
    public func update(values: [(topic: String, payload: String)], withNextCommit: Bool = false) {
        update(values: values.map { (RetainedTopic($0.topic), $0.payload) }, withNextCommit: withNextCommit)
    }

    /// Publishes values through the state window (those it has no room for
    /// wait as pending); stops at the first the client refused.
    func publishValues(_ values: some Sequence<(RetainedTopic, String)>, with mqtt: any MQTTConnection) {
        for (topic, payload) in values where !parts.withLock({ $0.retained.publishValue(topic, text: payload, with: mqtt) }) {
            break
        }
    }

    /// Publishes one retained state message (status, discovery configs).
    @discardableResult
    func publishState(_ mqtt: any MQTTConnection, topic: String, text: String, qos: Int32) -> Bool {
        parts.withLock { $0.retained.publishState(topic: topic, text: text, qos: qos, with: mqtt) }
    }

    /// Sends the latest value of topics that waited for room in the window
    /// (or, after a reconnect, all of them), as many as the window takes.
    func publishPendingValues(_ mqtt: any MQTTConnection) {
        while let values = parts.withLock({ $0.retained.takePending() }) {
            for (topic, payload) in values where !parts.withLock({ $0.retained.publishTaken(topic, text: payload, with: mqtt) }) {
                parts.withLock { $0.retained.makePending(topic) }
                return
            }
        }
    }

    /// Notes that `device` was heard at `receivedAt` (the gateway's clock),
    /// for discovery and per-device availability. `silenceAllowedSeconds`,
    /// when given, is how long it may then stay quiet before it counts as
    /// offline (its cadence, with margin); otherwise the last value stands.
    /// Without Home Assistant discovery nothing is announced and no
    /// availability is published, so nothing is kept.
    public func noteDevice(_ device: HomeAssistantDiscovery.Device, receivedAt: Int64, silenceAllowedSeconds: Int64?) {
        guard discovery != nil else { return }
        parts.withLock {
            $0.homeAssistant.note(device, receivedAt: receivedAt, silenceAllowedSeconds: silenceAllowedSeconds)
        }
    }

    /// The store committed (on the writer thread: note and wake, nothing
    /// more). The commit thread then publishes the commit's events and
    /// values (`deliverCommitted`). When everything older has been sent the new outbox
    /// messages are kept to be sent as they are, which spares a read of the
    /// outbox; otherwise (disconnected, behind, or no room in the window)
    /// the pump reads them from the outbox, oldest first.
    public func committed(_ report: CommitReport) {
        let messages = report.outboxMessages
        let (work, pumpNeeded) = parts.withLock { parts -> (Bool, Bool) in
            var pumpNeeded = parts.homeAssistant.takePumpNeeded()
            if !messages.isEmpty {
                let pending = parts.committedMessages.count
                if parts.outbox.mayKeepCommitted(count: pending + messages.count, connected: parts.connection.isConnected) {
                    parts.committedMessages += messages
                } else {
                    parts.committedMessages.removeAll()
                    pumpNeeded = true
                }
            }
            parts.committedNotices += report.notices
            let work = !parts.committedMessages.isEmpty || !parts.committedNotices.isEmpty || parts.retained.hasValuesAwaitingCommit
            return (work, pumpNeeded)
        }
        if work { commitThread.isRunning ? commitThread.signal() : wakeup.signal() }
        if pumpNeeded { wakeup.signal() }
    }

    /// A commit's part (on the commit thread, or in the pump's round):
    /// records the committed notices' values and devices, sends the
    /// committed messages kept for it, then the values that changed.
    /// Returns whether the pump has work from it (a device to announce, or
    /// messages to read back from the outbox).
    @discardableResult
    func deliverCommitted() -> Bool {
        let (notices, messages, epoch, readInstead) = parts.withLock { parts -> ([CommitNotice], [OutboxMessage], UInt64?, Bool) in
            defer {
                parts.committedNotices.removeAll()
                parts.committedMessages.removeAll()
            }
            let kept = !parts.committedMessages.isEmpty
            let claimed = kept && parts.outbox.claimKept()
            return (parts.committedNotices, claimed ? parts.committedMessages : [], claimed ? parts.connection.epoch : nil, kept && !claimed)
        }
        // Another round was sending: these are read from the outbox on the next.
        var pumpNeeded = readInstead
        for case let notice as RetainedStateNotice in notices.lazy.map(\.value) {
            for heard in notice.heard {
                noteDevice(heard.device, receivedAt: heard.receivedAt, silenceAllowedSeconds: heard.silenceAllowedSeconds)
            }
            if !notice.values.isEmpty { update(values: notice.values, withNextCommit: true) }
        }
        if let epoch {
            defer { parts.withLock { $0.outbox.finishSending() } }
            if let mqtt { send(messages, with: mqtt, epoch: epoch) }
        }
        sendValuesAwaitingCommit()
        // A device heard for the first time is announced by the pump.
        if parts.withLock({ $0.homeAssistant.takePumpNeeded() }) { pumpNeeded = true }
        return pumpNeeded
    }

    /// Sends the latest value of each topic changed since the last commit
    /// (after the commit's events, which are what latency is measured on).
    func sendValuesAwaitingCommit() {
        let values = parts.withLock { $0.retained.takeValuesAwaitingCommit(connected: $0.connection.isConnected) }
        guard !values.isEmpty, let mqtt else { return }
        publishValues(values, with: mqtt)
    }

    /// Whether the broker connection is up.
    public var isConnected: Bool { parts.withLock { $0.connection.isConnected } }

    /// Outbox messages sent and not yet acknowledged.
    public var inFlightCount: Int { parts.withLock { $0.outbox.inFlight.count } }

    /// Retained-state messages sent and not yet acknowledged.
    public var stateInFlightCount: Int { parts.withLock { $0.retained.stateInFlight.count } }

    /// Devices kept for discovery and availability.
    public var trackedDeviceCount: Int { parts.withLock { $0.homeAssistant.trackedDeviceCount } }

    /// Value topics waiting for room in the state window.
    public var pendingValueCount: Int { parts.withLock { $0.retained.pendingValues.count } }

    /// Devices whose discovery configs wait to be sent.
    public var devicesToAnnounceCount: Int { parts.withLock { $0.homeAssistant.devicesToAnnounce.count } }

    /// The one way back to the store: delivered outbox ids become an
    /// ordinary write request, which the writer deletes with its next
    /// transaction. A refusal (the writer stopped) only means those messages
    /// are sent once more after the next start, as QoS 1 allows.
    func acknowledge(_ ids: some Collection<Int64>) {
        guard !ids.isEmpty else { return }
        _ = try? inbox.submit(.acknowledgeOutbox(Array(ids)))
    }

    /// Publishes `offline`, waits briefly for outstanding acknowledgements
    /// and disconnects cleanly (so the last will is not sent).
    public func stop() async {
        // What the last commits left goes before `offline`.
        commitThread.stop()
        deliverCommitted()
        guard let mqtt else { return }
        if mqtt.isConnected {
            publishState(mqtt, topic: layout.gatewayStatus, text: "offline", qos: 1)
            for _ in 0..<50 where inFlightCount > 0 {
                try? await Task.sleep(for: .milliseconds(20))
            }
            try? await Task.sleep(for: .milliseconds(100))
        }
        mqtt.stop()  // the writer deletes the acknowledged messages when it stops
    }

    /// Where the MQTT sink stands.
    public var status: SinkStatus {
        parts.withLock { SinkStatus(name: name, isConnected: $0.connection.isConnected, pendingCount: $0.outbox.inFlight.count) }
    }


}
