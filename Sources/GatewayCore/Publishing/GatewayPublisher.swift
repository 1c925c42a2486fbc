import Glibc
import Logging
import MQTT
import Storage
import Synchronization

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
///   it changes, and all of them again after every reconnect.
/// - `<base>/gateway/status` is `online` after each connect, `offline` on a
///   clean stop, and `offline` through the last will otherwise.
public final class GatewayPublisher: RetainedStateSink {
    private struct State {
        var isConnected = false
        /// Message id → outbox id, for messages sent and not yet acknowledged.
        var inFlight: [Int32: Int64] = [:]
        /// Message ids of retained state (values, status, discovery,
        /// availability) sent at QoS 1 and not yet acknowledged.
        var stateInFlight = Set<Int32>()
        /// Value topics changed while `stateWindow` messages were in flight:
        /// their latest value goes out when there is room.
        var pendingValues = Set<RetainedTopic>()
        /// Value topics changed by a message whose commit has not come yet
        /// (`update(values:withNextCommit:)`), in the order they changed.
        var valuesAwaitingCommit: [RetainedTopic] = []
        /// Set when a device needs announcing or may have come back online:
        /// the next commit wakes the pump for it.
        var pumpNeeded = false
        var lastSentID: Int64 = 0
        /// False once the outbox was read to its end on the current
        /// connection, until a commit (which may have added events) or a
        /// reconnect: spares the store a query on every wake-up while
        /// nothing new is there.
        var outboxMayHaveMore = true
        /// Counts commits, so a read that raced with a commit never clears the flag.
        var commitGeneration: UInt64 = 0
        /// True while outbox messages are being handed to the client (by the
        /// pump, or straight from a commit): one sender at a time keeps the order.
        var sending = false
        /// Changes with every connect and disconnect: a sender that started
        /// on an earlier connection records nothing (the reconnect resends).
        var connectionEpoch: UInt64 = 0
        /// Latest retained values by topic, republished after a reconnect.
        var latestValues: [RetainedTopic: String] = [:]
        var republishValues = false
        var lastReportedFailure: String?
        var failureCount = 0
        /// When a failure that ends libmosquitto's own retries happened
        /// (rejected credentials, TLS): the publisher restarts the client.
        var retriesEndedAt: Double?
        /// Devices heard, by serial, for discovery and availability.
        var devices: [String: TrackedDevice] = [:]
        /// Serials whose discovery configs are still to be sent.
        var devicesToAnnounce = Set<String>()

        /// The connection ended (lost, or replaced by `reconnect`): what was
        /// in flight is forgotten, and the outbox is sent again from its
        /// start on the next connection.
        mutating func connectionEnded() {
            isConnected = false
            connectionEpoch &+= 1
            inFlight.removeAll()
            stateInFlight.removeAll()
            lastSentID = 0
        }

        /// A connection is up or about to be tried afresh: earlier failures
        /// no longer count, for the log or for a restart.
        mutating func forgetFailures() {
            retriesEndedAt = nil
            lastReportedFailure = nil
            failureCount = 0
        }

    }

    public let layout: TopicLayout
    public let discovery: HomeAssistantDiscovery?
    public let qos: Int32
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
    private let writer: StoreWriter
    private let logger: Logger
    private let state = Mutex(State())
    private let client = Mutex<MQTTClient?>(nil)
    /// Counts the clients made (`reconnect` replaces the client); only the
    /// current one's events count, so that the last events of a replaced
    /// client (its disconnect, late acknowledgements) change nothing.
    private let clientGeneration = Atomic<UInt64>(0)
    /// Called when the broker gave the pump work (a connection, an
    /// acknowledgement, a loss), so that the pump need not poll for it.
    private let workArrived = Mutex<WorkCallback?>(nil)

    /// The pump's wake-up, held in a struct: a closure stored directly as a
    /// `Mutex`'s value is wrapped in two more reabstraction thunks by every
    /// `withLock` that reads it (Swift 6.3), so its call chain and memory
    /// grew with every broker event, without bound.
    private struct WorkCallback {
        let call: @Sendable () -> Void
    }

    public init(
        configuration: MQTTConfiguration, layout: TopicLayout, discovery: HomeAssistantDiscovery?, qos: Int32,
        writer: StoreWriter, logger: Logger, restartDelaySeconds: Double = 30,
        compatibility: WeatherFlow2MQTTCompatibility? = nil, units: PublishedUnits = .metric
    ) throws {
        self.format = PublicationFormat(layout: layout, qos: Int(qos), units: units, compatibility: compatibility)
        self.restartDelaySeconds = restartDelaySeconds
        self.compatibility = compatibility
        self.layout = layout
        self.discovery = discovery
        self.qos = qos
        self.writer = writer
        self.logger = logger
        let mqtt = try makeClient(configuration, generation: 0)
        client.withLock { $0 = mqtt }
    }

    /// A client for `configuration`, with the gateway's last will, whose
    /// events count while `generation` is the current one.
    private func makeClient(_ configuration: MQTTConfiguration, generation: UInt64) throws -> MQTTClient {
        try MQTTClient(configuration: withWill(configuration)) { [weak self] event in
            guard let self, self.clientGeneration.load(ordering: .acquiring) == generation else { return }
            self.handle(event)
        }
    }

    /// `configuration` with the last will: `offline` on the gateway's status topic.
    private func withWill(_ configuration: MQTTConfiguration) -> MQTTConfiguration {
        var configuration = configuration
        configuration.will = .init(topic: layout.gatewayStatus, payload: "offline", qos: 1, retain: true)
        return configuration
    }

    /// The broker the client connects to, `host:port` (for status reports).
    public var brokerAddress: String {
        mqtt.map { "\($0.configuration.host):\($0.configuration.port)" } ?? ""
    }

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
        let configuration = withWill(configuration)
        guard let old = mqtt, old.configuration != configuration else { return false }
        let generation = clientGeneration.load(ordering: .acquiring) &+ 1
        let replacement = try makeClient(configuration, generation: generation)
        // From here the old client's events are ignored.
        clientGeneration.store(generation, ordering: .releasing)
        state.withLock { state in
            state.connectionEnded()
            state.forgetFailures()
        }
        if old.isConnected {
            // Its PUBACK is not awaited (the old client's events are
            // ignored); the broker handles the PUBLISH before the DISCONNECT.
            _ = try? old.publish(topic: layout.gatewayStatus, text: "offline", qos: 1, retain: true)
            try? await Task.sleep(for: .milliseconds(100))
        }
        old.stop()
        client.withLock { $0 = replacement }
        do {
            try replacement.start()
        } catch {
            state.withLock { $0.retriesEndedAt = MonotonicClock.seconds() }
            workArrived.withLock { $0 }?.call()
            throw error
        }
        logger.notice("moved to the MQTT broker at \(configuration.host):\(configuration.port)")
        return true
    }


    private var mqtt: MQTTClient? { client.withLock { $0 } }

    /// Sets what wakes the pump when the broker's events leave work for it.
    public func onWork(_ wake: @escaping @Sendable () -> Void) {
        workArrived.withLock { $0 = WorkCallback(call: wake) }
    }

    /// Connects in the background; a broker that is down is retried.
    public func start() throws {
        try mqtt?.start()
    }

    /// Records the latest retained values and publishes those that changed
    /// (the broker keeps the rest; everything is republished on reconnect).
    ///
    /// `withNextCommit`: the caller is about to submit this message's
    /// records, so the values leave with them from `noteCommitted`, on the
    /// writer thread, right after the commit's events. Sent from here they
    /// would wake libmosquitto's thread once for the values and again for
    /// the events, and their acknowledgements would come back apart.
    public func update(values: [(topic: RetainedTopic, payload: String)], withNextCommit: Bool = false) {
        let (connected, changed) = state.withLock { state -> (Bool, [(topic: RetainedTopic, payload: String)]) in
            var changed = [(topic: RetainedTopic, payload: String)]()
            for value in values where state.latestValues[value.topic] != value.payload {
                state.latestValues[value.topic] = value.payload
                changed.append(value)
            }
            if withNextCommit && state.isConnected {
                for value in changed where !state.valuesAwaitingCommit.contains(value.topic) {
                    state.valuesAwaitingCommit.append(value.topic)
                }
                return (false, [])
            }
            return (state.isConnected, changed)
        }
        guard connected, let mqtt else { return }
        for value in changed where !publishValue(mqtt, topic: value.topic, text: value.payload) {
            break
        }
    }

    /// `update(values:withNextCommit:)` for topics given as text (forecasts,
    /// discovery documents, the cloud's rain check).
    public func update(values: [(topic: String, payload: String)], withNextCommit: Bool = false) {
        update(values: values.map { (RetainedTopic($0.topic), $0.payload) }, withNextCommit: withNextCommit)
    }

    /// Publishes one retained state message and, at QoS 1, notes it in
    /// flight. The id is recorded under the same lock as the publish call,
    /// so its PUBACK (handled under that lock too) always finds it. False
    /// when the client refused (not connected).
    @discardableResult
    private func publishState(_ mqtt: MQTTClient, topic: String, text: String, qos: Int32) -> Bool {
        state.withLock { state in
            guard let messageID = try? mqtt.publish(topic: topic, text: text, qos: qos, retain: true) else { return false }
            if qos > 0 { state.stateInFlight.insert(messageID) }
            return true
        }
    }

    /// Publishes the latest value of a retained value topic, unless the
    /// window of unacknowledged state messages is full: the topic then waits
    /// as pending (its latest value goes out when there is room). Its text
    /// is built only when it is sent. False when the client refused.
    private func publishValue(_ mqtt: MQTTClient, topic: RetainedTopic, text: String) -> Bool {
        state.withLock { state in
            if state.stateInFlight.count >= stateWindow {
                state.pendingValues.insert(topic)
                return true
            }
            guard let messageID = try? mqtt.publish(topic: topic.text, text: text, qos: qos, retain: true) else { return false }
            if qos > 0 { state.stateInFlight.insert(messageID) }
            return true
        }
    }

    /// Sends the latest value of topics that waited for room in the window
    /// (or, after a reconnect, all of them), as many as the window takes;
    /// at QoS 0 nothing waits for acknowledgement, so all of them.
    private func publishPendingValues(_ mqtt: MQTTClient) {
        while true {
            let next = state.withLock { state -> [(RetainedTopic, String)]? in
                let room = stateWindow - state.stateInFlight.count
                guard room > 0, !state.pendingValues.isEmpty else { return nil }
                let topics = Array(state.pendingValues.prefix(room))  // any order: each topic stands alone
                state.pendingValues.subtract(topics)
                return topics.compactMap { topic in state.latestValues[topic].map { (topic, $0) } }
            }
            guard let values = next else { return }
            for (topic, payload) in values where !publishState(mqtt, topic: topic.text, text: payload, qos: qos) {
                state.withLock { _ = $0.pendingValues.insert(topic) }
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
        state.withLock { state in
            let known = state.devices[device.serial]
            var tracked = known ?? TrackedDevice(heardAt: receivedAt)
            if tracked.merge(device) || known == nil {
                state.devicesToAnnounce.insert(device.serial)
                state.pumpNeeded = true
            }
            // A device not yet announced `online` is, once the pump runs.
            if tracked.isOnline != true { state.pumpNeeded = true }
            tracked.lastHeardUnixSeconds = max(tracked.lastHeardUnixSeconds, receivedAt)
            if let silenceAllowedSeconds { tracked.silenceAllowedSeconds = Int32(clamping: silenceAllowedSeconds) }
            state.devices[device.serial] = tracked
        }
    }

    /// Tells the publisher that the store committed; called on the writer
    /// thread right after the commit. When everything older has been sent,
    /// the new outbox messages go to the broker from here at once, which
    /// spares them the trip through the pump (a task wake-up, then a read of
    /// the outbox on the writer thread, then another wake-up). Otherwise the
    /// pump sends them, oldest first, on its next round.
    ///
    /// Returns whether the pump has work from this commit (messages it must
    /// send, a device to announce or to mark `online`): at a station's pace
    /// it has none, and waking it for every datagram cost more CPU than
    /// everything else the commit did.
    @discardableResult
    public func noteCommitted(_ report: CommitReport) -> Bool {
        let messages = report.outboxMessages
        let (claim, pumpNeeded) = state.withLock { state -> (UInt64?, Bool) in
            defer { state.pumpNeeded = false }
            guard !messages.isEmpty else { return (nil, state.pumpNeeded) }  // nothing new to send
            if state.isConnected, !state.outboxMayHaveMore, !state.sending,
                window - state.inFlight.count >= messages.count
            {
                state.sending = true
                return (state.connectionEpoch, state.pumpNeeded)
            }
            state.commitGeneration &+= 1
            state.outboxMayHaveMore = true
            return (nil, true)
        }
        if let epoch = claim {
            defer { state.withLock { $0.sending = false } }
            if let mqtt { send(messages, with: mqtt, epoch: epoch) }
        }
        sendValuesAwaitingCommit()
        return pumpNeeded
    }

    /// Sends the latest value of each topic changed since the last commit
    /// (after the commit's events, which are what latency is measured on).
    /// Also called when the store refused a message, whose values then
    /// have no commit to leave with.
    public func sendValuesAwaitingCommit() {
        let values = state.withLock { state -> [(RetainedTopic, String)] in
            defer { state.valuesAwaitingCommit.removeAll() }
            guard state.isConnected else { return [] }
            return state.valuesAwaitingCommit.compactMap { topic in state.latestValues[topic].map { (topic, $0) } }
        }
        guard !values.isEmpty, let mqtt else { return }
        for (topic, payload) in values where !publishValue(mqtt, topic: topic, text: payload) {
            break
        }
    }

    /// Whether the broker connection is up.
    public var isConnected: Bool { state.withLock { $0.isConnected } }

    /// Outbox messages sent and not yet acknowledged.
    public var inFlightCount: Int { state.withLock { $0.inFlight.count } }

    /// Retained-state messages sent and not yet acknowledged.
    public var stateInFlightCount: Int { state.withLock { $0.stateInFlight.count } }

    /// Devices kept for discovery and availability.
    public var trackedDeviceCount: Int { state.withLock { $0.devices.count + $0.devicesToAnnounce.count } }

    /// Value topics waiting for room in the state window.
    public var pendingValueCount: Int { state.withLock { $0.pendingValues.count } }

    /// Devices whose discovery configs wait to be sent.
    public var devicesToAnnounceCount: Int { state.withLock { $0.devicesToAnnounce.count } }

    /// How long to wait before trying again after a failure that ended
    /// libmosquitto's own retries (the broker may be fixed meanwhile).
    public let restartDelaySeconds: Double

    /// One round of work: republish the retained state after a reconnect,
    /// announce new devices, publish availability changes, and send the next
    /// outbox batch.
    public func pump() async {
        restartIfRetriesEnded()
        let (announce, connected) = state.withLock { state in
            defer { state.republishValues = false }
            // Every retained value again, through the window like any
            // pending value, after the status and the devices' configs.
            if state.republishValues { state.pendingValues.formUnion(state.latestValues.keys) }
            return (state.republishValues, state.isConnected)
        }
        guard connected, let mqtt else { return }
        if announce {
            publishState(mqtt, topic: layout.gatewayStatus, text: "online", qos: 1)
            if let discovery { try? mqtt.subscribe(topic: "\(discovery.prefix)/status") }
        }
        announceDevices(mqtt, all: announce)
        publishAvailability()
        publishPendingValues(mqtt)
        // The next outbox batch, unless a commit is sending its own messages
        // right now (it wakes the pump again when done).
        let claim = state.withLock { state -> (afterID: Int64, room: Int, generation: UInt64, epoch: UInt64)? in
            let room = window - state.inFlight.count
            guard state.isConnected, room > 0, state.outboxMayHaveMore, !state.sending else { return nil }
            state.sending = true
            return (state.lastSentID, room, state.commitGeneration, state.connectionEpoch)
        }
        guard let claim else { return }
        defer { state.withLock { $0.sending = false } }
        guard
            let batch = try? await writer.perform({ store in
                try store.nextOutboxBatch(afterID: claim.afterID, limit: claim.room)
            })
        else { return }
        if batch.count < claim.room {
            // Read to the end: no query until the next commit, unless one
            // happened while reading, or the connection changed (a new one
            // sends the outbox again from its start, this batch included).
            state.withLock { state in
                if state.commitGeneration == claim.generation && state.connectionEpoch == claim.epoch {
                    state.outboxMayHaveMore = false
                }
            }
        }
        send(batch, with: mqtt, epoch: claim.epoch)
    }

    /// Hands outbox messages to the client in id order and records them as
    /// in flight; stops at the first failure (disconnected meanwhile: the
    /// reconnect starts over from the outbox).
    private func send(_ batch: [OutboxMessage], with mqtt: MQTTClient, epoch: UInt64) {
        // QoS 0 messages count as delivered once handed to the client.
        var delivered: [Int64] = []
        defer { acknowledge(delivered) }
        for message in batch {
            // Published and recorded under one lock, which the PUBACK
            // handler takes too: an acknowledgement always finds its message.
            let sent = state.withLock { state -> Bool in
                guard state.connectionEpoch == epoch,
                    let messageID = try? mqtt.publish(
                        topic: message.topic, payload: message.payload, qos: Int32(message.qos), retain: message.retain)
                else { return false }
                state.lastSentID = max(state.lastSentID, message.id)
                if message.qos == 0 {
                    delivered.append(message.id)
                } else {
                    state.inFlight[messageID] = message.id
                }
                return true
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
        let soonest = state.withLock { state -> Double? in
            var soonest: Double?
            func consider(_ seconds: Double) { soonest = min(soonest ?? seconds, seconds) }
            if !state.isConnected, let endedAt = state.retriesEndedAt {
                consider(endedAt + restartDelaySeconds - monotonicNow)
            }
            if state.isConnected && discovery != nil {
                for device in state.devices.values where device.isOnline != false {
                    consider(Double(device.silentAfterUnixSeconds + 1 - wallNow))
                }
            }
            return soonest
        }
        return soonest.map { max(1, $0) }
    }

    /// libmosquitto 2.0 gives up after a TLS failure or a refused MQTT 5
    /// connection; the gateway keeps trying, every `restartDelaySeconds`.
    private func restartIfRetriesEnded() {
        let now = MonotonicClock.seconds()
        let due = state.withLock { state -> Bool in
            guard !state.isConnected, let endedAt = state.retriesEndedAt,
                now - endedAt >= restartDelaySeconds
            else { return false }
            state.retriesEndedAt = nil
            return true
        }
        if due { try? mqtt?.restart() }
    }

    /// Publishes discovery configs for new or changed devices (all of them
    /// after a reconnect or when Home Assistant comes back), a device at a
    /// time while the state window has room. The rest wait as serials until
    /// acknowledgements make room: each device has about 40 configs, which
    /// libmosquitto holds until acknowledged, and a thousand new devices at
    /// once cost 38 MB when all were sent together.
    private func announceDevices(_ mqtt: MQTTClient, all: Bool) {
        guard let discovery else { return }
        let devices: [HomeAssistantDiscovery.Device] = state.withLock { state in
            defer { state.devicesToAnnounce.removeAll() }
            if all { return state.devices.map { $0.value.device(serial: $0.key) } }
            return state.devicesToAnnounce.compactMap { serial in state.devices[serial]?.device(serial: serial) }
        }
        let sorted = devices.sorted(by: { $0.serial < $1.serial })
        for (index, device) in sorted.enumerated() {
            let full = state.withLock { state in
                guard state.stateInFlight.count >= stateWindow else { return false }
                state.devicesToAnnounce.formUnion(sorted[index...].lazy.map(\.serial))
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
    private func publishAvailability() {
        guard let discovery else { return }
        let now = Int64(time(nil))
        let changes: [(topic: RetainedTopic, payload: String)] = state.withLock { state in
            var changes = [(topic: RetainedTopic, payload: String)]()
            // Index by index, not over `indices`: that holds the storage,
            // and the first change would copy the whole table.
            var index = state.devices.startIndex
            while index != state.devices.endIndex {
                let online = now <= state.devices.values[index].silentAfterUnixSeconds
                if state.devices.values[index].isOnline != online {
                    state.devices.values[index].isOnline = online
                    changes.append((discovery.availability(serial: state.devices.keys[index]), online ? "online" : "offline"))
                }
                state.devices.formIndex(after: &index)
            }
            return changes
        }
        if !changes.isEmpty { update(values: changes) }
    }

    /// The one way back to the store: delivered outbox ids become an
    /// ordinary write request, which the writer deletes with its next
    /// transaction. A refusal (the writer stopped) only means those messages
    /// are sent once more after the next start, as QoS 1 allows.
    private func acknowledge(_ ids: some Collection<Int64>) {
        guard !ids.isEmpty else { return }
        _ = try? writer.submit(.acknowledgeOutbox(Array(ids)))
    }

    /// Publishes `offline`, waits briefly for outstanding acknowledgements
    /// and disconnects cleanly (so the last will is not sent).
    public func stop() async {
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

    private func handle(_ event: MQTTEvent) {
        var wake = false
        defer { if wake { workArrived.withLock { $0 }?.call() } }
        switch event {
        case .connected:
            state.withLock { state in
                state.isConnected = true
                state.connectionEpoch &+= 1
                state.inFlight.removeAll()
                state.stateInFlight.removeAll()
                state.pendingValues.removeAll()  // all values are republished
                state.valuesAwaitingCommit.removeAll()
                state.lastSentID = 0
                state.outboxMayHaveMore = true
                state.republishValues = true
                state.forgetFailures()
            }
            wake = true
            logger.notice("connected to the MQTT broker")
        case .published(let messageID):
            // Ids of neither kind are resends of an earlier connection
            // (libmosquitto repeats its unacknowledged messages): ignored.
            // The pump is woken only when it has something to send into the
            // room the acknowledgement made (the outbox or values waiting),
            // once the window is half empty or empty.
            var delivered: Int64?
            wake = state.withLock { state in
                if let id = state.inFlight.removeValue(forKey: messageID) {
                    delivered = id
                    return state.outboxMayHaveMore && (state.inFlight.isEmpty || state.inFlight.count == window / 2)
                } else if state.stateInFlight.remove(messageID) != nil {
                    return (!state.pendingValues.isEmpty || !state.devicesToAnnounce.isEmpty)
                        && (state.stateInFlight.isEmpty || state.stateInFlight.count == stateWindow / 2)
                }
                return false
            }
            if let delivered { acknowledge(CollectionOfOne(delivered)) }
        case .disconnected(let error):
            state.withLock { $0.connectionEnded() }
            wake = true
            if let error { logger.warning("lost the MQTT broker: \(error); retrying, and keeping messages in the outbox") }
        case .connectionFailed(let error):
            // Log the first failure of a kind, then every hundredth, so an
            // absent broker does not fill the journal.
            let endsRetries: Bool
            switch error.kind {
            case .credentialsRejected, .notAuthorized, .brokerRejected, .tls: endsRetries = true
            default: endsRetries = false
            }
            let shouldLog = state.withLock { state in
                if endsRetries && state.retriesEndedAt == nil {
                    state.retriesEndedAt = MonotonicClock.seconds()
                    wake = true  // the pump sets its timer for the restart
                }
                state.failureCount += 1
                defer { state.lastReportedFailure = error.description }
                return state.lastReportedFailure != error.description || state.failureCount % 100 == 0
            }
            if shouldLog { logger.warning("cannot connect to the MQTT broker: \(error); retrying") }
        case .message(let topic, let payload, _):
            // Home Assistant restarted: announce everything again.
            if let discovery, topic == "\(discovery.prefix)/status", payload == Array("online".utf8) {
                state.withLock { $0.republishValues = true }
                wake = true
            }
        }
    }
}
