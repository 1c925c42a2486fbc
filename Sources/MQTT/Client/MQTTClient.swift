// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import CMosquitto
import Glibc
import Synchronization
import SystemSupport

/// An MQTT client over libmosquitto 2.0, running on the library's own
/// network thread (`connect_async` + `loop_start`), which reconnects by
/// itself with a capped exponential backoff. An MQTT 5 persistent session
/// connects the first time on a thread of its own instead (see
/// `PropertiesConnect`), so that its CONNECT carries a session expiry.
///
/// libmosquitto calls back on its thread. The callbacks here are plain C
/// functions that find this client through `userdata` (an `Unmanaged`
/// reference) and hand events to a `@Sendable` handler, so nothing is
/// main-actor code (which would trap on a foreign thread in Swift 6).
///
/// The client never queues while disconnected: `publish` then throws
/// `notConnected`, and the caller keeps the message (the gateway's SQLite
/// outbox is the bounded queue). Acknowledgements arrive as `.published`.
public final class MQTTClient: Sendable {
    /// The configuration the client was made with.
    public let configuration: MQTTConfiguration
    let context: CallbackContext
    private let handle: MosquittoHandle
    /// The first connect of a session with MQTT 5 properties, while it may run.
    private let propertiesConnect = Mutex<PropertiesConnect?>(nil)

    /// Creates the client (nothing connects until `start`).
    public init(configuration: MQTTConfiguration, handler: @escaping @Sendable (MQTTEvent) -> Void) throws(MQTTError) {
        _ = MQTTClient.libraryInitialized
        // Refused here, once, rather than by every connect attempt for ever.
        guard MQTTConfiguration.acceptsKeepAlive(configuration.keepAliveSeconds) else {
            throw MQTTError(
                .invalidArgument,
                "a keepalive of \(configuration.keepAliveSeconds) seconds is not possible: 0 (none) or "
                    + "\(MQTTConfiguration.keepAliveSecondsAllowed.lowerBound) to \(MQTTConfiguration.keepAliveSecondsAllowed.upperBound)")
        }
        self.configuration = configuration
        context = CallbackContext(configuration: configuration, handler: handler)
        guard let mosq = mosquitto_new(configuration.clientID, !configuration.persistentSession,
            Unmanaged.passUnretained(context).toOpaque())
        else {
            throw MQTTError(.invalidArgument, "could not create an MQTT client (client id '\(configuration.clientID)')")
        }
        handle = MosquittoHandle(mosq)
        do {
            try configure(mosq)
        } catch {
            mosquitto_destroy(mosq)
            throw error
        }
    }

    deinit {
        stop()
        mosquitto_destroy(handle.pointer)
    }

    /// libmosquitto's process-wide initialisation, done once.
    private static let libraryInitialized: Bool = {
        mosquitto_lib_init()
        return true
    }()

    private func configure(_ mosq: OpaquePointer) throws(MQTTError) {
        try check(mosquitto_int_option(mosq, MOSQ_OPT_PROTOCOL_VERSION, configuration.protocolVersion.rawValue))
        // Nagle's algorithm off: each message leaves at once. With QoS 0
        // messages the broker sends nothing back to carry the TCP
        // acknowledgement, so Nagle held the next message for the peer's
        // delayed ACK (up to 40 ms on Linux): at 50 datagrams/s the p99
        // latency of events rose from 2.6 to 29 ms.
        try check(mosquitto_int_option(mosq, MOSQ_OPT_TCP_NODELAY, 1))
        if configuration.username != nil || configuration.password != nil {
            let status = configuration.password.map { password in
                password.withValue { mosquitto_username_pw_set(mosq, configuration.username, $0) }
            } ?? mosquitto_username_pw_set(mosq, configuration.username, nil)
            try check(status)
        }
        if let tls = configuration.tls {
            let caDirectory = tls.caFile == nil ? tls.caDirectory : nil
            try check(mosquitto_tls_set(mosq, tls.caFile, caDirectory, tls.certificateFile, tls.keyFile, nil))
            try check(mosquitto_tls_opts_set(mosq, 1, nil, nil))  // 1 = SSL_VERIFY_PEER
            try check(mosquitto_tls_insecure_set(mosq, !tls.verifyHostname))
        }
        if let will = configuration.will {
            let status = will.payload.withUnsafeBytes {
                mosquitto_will_set(mosq, will.topic, Int32($0.count), $0.baseAddress, will.qos, will.retain)
            }
            try check(status)
        }
        try check(
            mosquitto_reconnect_delay_set(
                mosq, configuration.reconnectDelaySeconds, configuration.reconnectDelayMaximumSeconds, true))
        mosquitto_connect_v5_callback_set(mosq) { mosq, userdata, code, flags, _ in
            if code == 0 { mosquitto_log_callback_set(mosq, nil) }  // see `logCallback`
            CallbackContext.from(userdata).didConnect(code: code, flags: flags)
        }
        mosquitto_disconnect_v5_callback_set(mosq) { mosq, userdata, code, _ in
            mosquitto_log_callback_set(mosq, MQTTClient.logCallback)
            CallbackContext.from(userdata).didDisconnect(code: code)
        }
        mosquitto_publish_v5_callback_set(mosq) { _, userdata, messageID, _, _ in
            CallbackContext.from(userdata).didPublish(messageID: messageID)
        }
        mosquitto_message_v5_callback_set(mosq) { _, userdata, message, _ in
            guard let message else { return }
            CallbackContext.from(userdata).didReceive(message.pointee)
        }
        mosquitto_log_callback_set(mosq, MQTTClient.logCallback)
    }

    /// libmosquitto's log lines, set only while there is no connection.
    /// While a callback is set libmosquitto formats every line it logs (a
    /// `malloc` and a `vsnprintf` for each packet sent or received), and
    /// what is kept, the last error, matters for connection attempts: a TLS
    /// handshake failure reaches us only through the log. So the connect
    /// callback removes it and the disconnect callback sets it again.
    static let logCallback: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?) -> Void = {
        _, userdata, level, text in
        let context = CallbackContext.from(userdata)
        context.countLogLine()
        // Only errors and warnings are kept, so only they become a String.
        guard let text, level & CallbackContext.keptLogLevels != 0 else { return }
        context.didLog(level: level, text: String(cString: text))
    }

    private func check(_ status: Int32) throws(MQTTError) {
        guard status == MOSQ_ERR_SUCCESS.rawValue else {
            throw MQTTError.library(
                status, host: configuration.host, port: configuration.port, detail: context.lastLoggedError, errno: errno)
        }
    }

    /// Starts the network thread and the first connection attempt. A broker
    /// that is down is not an error here: the thread keeps retrying and
    /// reports `.connectionFailed` events. A host name that does not resolve
    /// is reported the same way.
    public func start() throws(MQTTError) {
        let mosq = handle.pointer
        // The loop must run before the first connect: in libmosquitto 2.0.11
        // a connect_async that fails before loop_start leaves the network
        // thread waiting for ever instead of retrying.
        try check(mosquitto_loop_start(mosq))
        context.markRunning()
        if let sessionExpiry = configuration.connectSessionExpiry {
            // connect_async cannot send the Session Expiry Interval.
            let connect = PropertiesConnect(handle: handle, configuration: configuration, context: context, sessionExpiry: sessionExpiry)
            guard connect.start() else {
                let error = MQTTError.library(
                    MOSQ_ERR_ERRNO.rawValue, host: configuration.host, port: configuration.port, detail: nil, errno: errno)
                stop()
                throw error
            }
            propertiesConnect.withLock { $0 = connect }
            return
        }
        let status = mosquitto_connect_async(mosq, configuration.host, configuration.port, configuration.keepAliveSeconds)
        if status != MOSQ_ERR_SUCCESS.rawValue {
            context.connectAttemptFailed(code: status, errno: errno)
        }
    }

    /// Starts over after a failure that ended libmosquitto's own retries (a
    /// refused or rejected connection on MQTT 5, a TLS failure), or after
    /// `stop`: stops the network thread, resets the handle to a fresh state
    /// (a clean disconnect leaves it "disconnecting", which would end a new
    /// network thread at once), configures it again and connects.
    public func restart() throws(MQTTError) {
        let mosq = handle.pointer
        joinPropertiesConnect()
        mosquitto_loop_stop(mosq, true)
        try check(
            mosquitto_reinitialise(
                mosq, configuration.clientID, !configuration.persistentSession, Unmanaged.passUnretained(context).toOpaque()))
        try configure(mosq)
        try start()
    }

    /// Publishes `payload` to `topic`; returns the message id that a later
    /// `.published` event acknowledges.
    ///
    /// - Throws: `notConnected` while the connection is down (nothing is queued).
    @discardableResult
    public func publish(topic: String, payload: [UInt8], qos: Int32 = 1, retain: Bool = false) throws(MQTTError) -> Int32 {
        guard context.isConnected else { throw .notConnected }
        var messageID: Int32 = 0
        let status = payload.withUnsafeBytes {
            mosquitto_publish(handle.pointer, &messageID, topic, Int32($0.count), $0.baseAddress, qos, retain)
        }
        try check(status)
        return messageID
    }

    /// Publishes UTF-8 text.
    @discardableResult
    public func publish(topic: String, text: String, qos: Int32 = 1, retain: Bool = false) throws(MQTTError) -> Int32 {
        try publish(topic: topic, payload: Array(text.utf8), qos: qos, retain: retain)
    }

    /// Subscribes to `topic` (wildcards allowed).
    public func subscribe(topic: String, qos: Int32 = 1) throws(MQTTError) {
        guard context.isConnected else { throw .notConnected }
        try check(mosquitto_subscribe(handle.pointer, nil, topic, qos))
    }

    /// Whether the broker accepted the current connection.
    public var isConnected: Bool { context.isConnected }

    /// Waits up to `seconds` for a connection; true when connected.
    public func waitUntilConnected(seconds: Double) -> Bool {
        let deadline = MonotonicClock.seconds() + seconds
        while !isConnected && MonotonicClock.seconds() < deadline { usleep(10_000) }
        return isConnected
    }

    /// Disconnects cleanly (the broker does not send the last will) and stops
    /// the network thread, also while it is reconnecting to a broker that is
    /// down (`NetworkThreadStop`). Safe to call more than once.
    public func stop() {
        joinPropertiesConnect()
        guard context.markStopped() else { return }
        NetworkThreadStop.disconnectAndStop(handle)
    }

    /// Waits for a first connect still under way on its own thread: the
    /// handle is in use until it returns.
    private func joinPropertiesConnect() {
        propertiesConnect.withLock { connect in defer { connect = nil }; return connect }?.join()
    }
}

/// The libmosquitto handle, shared by the client's methods.
struct MosquittoHandle: @unchecked Sendable {
    // libmosquitto's calls are thread-safe once the network thread runs.
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }
}
