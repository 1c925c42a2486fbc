// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import CMosquitto
import Glibc
import Synchronization
import SystemSupport

/// The first connection of a client whose CONNECT carries MQTT 5 properties
/// (the Session Expiry Interval of a persistent session).
///
/// libmosquitto 2.0 takes CONNECT properties only through
/// `mosquitto_connect_bind_v5`, which connects blocking (name lookup, TCP
/// connect); `connect_async` has no properties parameter. The library keeps
/// the properties on the handle and sends them again with every reconnect
/// its network thread makes. So the first connect runs on a short-lived
/// thread of its own: `start` returns at once, the network thread (already
/// running, and idle until this connect sets the handle's state) takes over
/// when it returns, whether it connected or failed (then it retries with the
/// same properties and backoff).
final class PropertiesConnect: Sendable {
    private let handle: MosquittoHandle
    private let configuration: MQTTConfiguration
    private let context: CallbackContext
    private let sessionExpiry: UInt32
    /// The running thread, until `join`.
    private let thread = Mutex<NamedThread?>(nil)

    init(handle: MosquittoHandle, configuration: MQTTConfiguration, context: CallbackContext, sessionExpiry: UInt32) {
        self.handle = handle
        self.configuration = configuration
        self.context = context
        self.sessionExpiry = sessionExpiry
    }

    /// Starts the connecting thread; false when no thread could be made.
    func start() -> Bool {
        guard let started = try? NamedThread(named: "mqtt-connect", { self.connect() }) else { return false }
        thread.withLock { $0 = started }
        return true
    }

    /// Waits for the connecting thread to end (at once unless the name
    /// lookup or TCP connect is still under way). The handle must not be
    /// stopped, reset or destroyed before.
    func join() {
        thread.withLock { state in defer { state = nil }; return state }?.join()
    }

    private func connect() {
        var properties: OpaquePointer?
        defer { mosquitto_property_free_all(&properties) }
        var status = mosquitto_property_add_int32(
            &properties, Int32(MQTT_PROP_SESSION_EXPIRY_INTERVAL.rawValue), sessionExpiry)
        if status == MOSQ_ERR_SUCCESS.rawValue {
            status = mosquitto_connect_bind_v5(
                handle.pointer, configuration.host, configuration.port, configuration.keepAliveSeconds, nil, properties)
        }
        if status != MOSQ_ERR_SUCCESS.rawValue {
            context.connectAttemptFailed(code: status, errno: errno)
        }
    }
}
