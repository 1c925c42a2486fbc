// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import MQTT
import Synchronization

/// Connection supervision: the MQTT client, which client is current, and
/// the connection as the publisher sees it (up or not, which connection it
/// is, failures, and when libmosquitto gave up retrying).
///
/// `reconnect(with:)` replaces the client; only the current client's events
/// count, so that the last events of a replaced one (its disconnect, late
/// acknowledgements) change nothing. The connection's `State` is kept with
/// the publisher's other parts under its one lock: an outbox message is
/// sent only while the connection it was claimed on is still the current one.
package final class ConnectionSupervisor: Sendable {
    /// The connection's state, kept under the publisher's lock.
    struct State {
        /// Whether the broker connection is up.
        private(set) var isConnected = false
        /// Changes with every connect and disconnect: a sender that started
        /// on an earlier connection records nothing (the reconnect resends).
        private(set) var epoch: UInt64 = 0
        /// When a failure that ends libmosquitto's own retries happened
        /// (rejected credentials, TLS): the publisher restarts the client.
        private(set) var retriesEndedAt: Double?
        private var lastReportedFailure: String?
        private var failureCount = 0

        /// Connected: a new connection, and earlier failures no longer count.
        mutating func connected() {
            isConnected = true
            epoch &+= 1
            forgetFailures()
        }

        /// The connection ended (lost, or replaced by `reconnect`).
        mutating func ended() {
            isConnected = false
            epoch &+= 1
        }

        /// A connection is up or about to be tried afresh: earlier failures
        /// no longer count, for the log or for a restart.
        mutating func forgetFailures() {
            retriesEndedAt = nil
            lastReportedFailure = nil
            failureCount = 0
        }

        /// libmosquitto gave up at `now` (monotonic seconds).
        mutating func retriesEnded(at now: Double) {
            retriesEndedAt = now
        }

        /// Notes a failed attempt to connect (`endsRetries`: libmosquitto
        /// gives up after it, see `endsRetries(_:)`) at `now`. Returns
        /// whether to log it (the first failure of a kind, then every
        /// hundredth, so an absent broker does not fill the journal) and
        /// whether it ended the retries just now (the pump must set its
        /// timer for the restart).
        mutating func failed(description: String, endsRetries: Bool, now: Double) -> (log: Bool, retriesEnded: Bool) {
            var retriesEnded = false
            if endsRetries && retriesEndedAt == nil {
                retriesEndedAt = now
                retriesEnded = true
            }
            failureCount += 1
            defer { lastReportedFailure = description }
            return (lastReportedFailure != description || failureCount % 100 == 0, retriesEnded)
        }

        /// Whether the restart after libmosquitto gave up is due at `now`,
        /// `delay` seconds after; claims it when it is.
        mutating func takeRestart(now: Double, delay: Double) -> Bool {
            guard !isConnected, let endedAt = retriesEndedAt, now - endedAt >= delay else { return false }
            retriesEndedAt = nil
            return true
        }

        /// Seconds from `now` until that restart; nil when none is due.
        func secondsUntilRestart(now: Double, delay: Double) -> Double? {
            guard !isConnected, let endedAt = retriesEndedAt else { return nil }
            return endedAt + delay - now
        }
    }

    /// How long to wait before trying again after a failure that ended
    /// libmosquitto's own retries (the broker may be fixed meanwhile).
    let restartDelaySeconds: Double
    /// The gateway's status topic: the last will says `offline` there.
    private let statusTopic: String
    private let client = Mutex<(any MQTTConnection)?>(nil)
    /// Counts the clients made; only the current one's events count.
    private let generation = Atomic<UInt64>(0)
    private let makeConnection: MQTTConnection.Factory

    init(statusTopic: String, restartDelaySeconds: Double, makeConnection: @escaping MQTTConnection.Factory) {
        self.statusTopic = statusTopic
        self.restartDelaySeconds = restartDelaySeconds
        self.makeConnection = makeConnection
    }

    /// Whether a failure of `kind` ends libmosquitto 2.0's own retries (a
    /// TLS failure, a refused connection): the gateway keeps trying, every
    /// `restartDelaySeconds`.
    static func endsRetries(_ kind: MQTTError.Kind) -> Bool {
        switch kind {
        case .credentialsRejected, .notAuthorized, .brokerRejected, .tls: true
        default: false
        }
    }

    /// The client in use.
    var current: (any MQTTConnection)? { client.withLock { $0 } }

    /// `configuration` with the last will: `offline` on the gateway's status topic.
    func withWill(_ configuration: MQTTConfiguration) -> MQTTConfiguration {
        var configuration = configuration
        configuration.will = .init(topic: statusTopic, payload: "offline", qos: 1, retain: true)
        return configuration
    }

    /// Makes the first client, for `configuration`, and uses it.
    func start(_ configuration: MQTTConfiguration, handler: @escaping @Sendable (MQTTEvent) -> Void) throws {
        let mqtt = try makeClient(configuration, generation: 0, handler: handler)
        client.withLock { $0 = mqtt }
    }

    /// Makes a client for `configuration` whose events are the ones that
    /// count from now on (the current client's are ignored); `use` then
    /// makes it the client in use. Throws, changing nothing, when it cannot
    /// be made.
    func replacement(for configuration: MQTTConfiguration, handler: @escaping @Sendable (MQTTEvent) -> Void) throws
        -> any MQTTConnection
    {
        let next = generation.load(ordering: .acquiring) &+ 1
        let replacement = try makeClient(configuration, generation: next, handler: handler)
        generation.store(next, ordering: .releasing)
        return replacement
    }

    /// Makes `replacement` the client in use.
    func use(_ replacement: any MQTTConnection) {
        client.withLock { $0 = replacement }
    }

    /// A client for `configuration`, with the last will, whose events reach
    /// `handler` while `generation` is the current one.
    private func makeClient(
        _ configuration: MQTTConfiguration, generation: UInt64, handler: @escaping @Sendable (MQTTEvent) -> Void
    ) throws -> any MQTTConnection {
        try makeConnection(withWill(configuration)) { [weak self] event in
            guard let self, self.generation.load(ordering: .acquiring) == generation else { return }
            handler(event)
        }
    }
}
