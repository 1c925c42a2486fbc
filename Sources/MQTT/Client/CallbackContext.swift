// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import CMosquitto
import Glibc
import Synchronization
import SystemSupport

/// What libmosquitto's callbacks reach through `userdata`: connection state
/// and the event handler. Callbacks run on libmosquitto's network thread.
final class CallbackContext: Sendable {
    private struct State {
        var isConnected = false
        var isStarted = false
        var isStopped = false
        var lastLoggedError: String?
    }

    let configuration: MQTTConfiguration
    let handler: @Sendable (MQTTEvent) -> Void
    private let state = Mutex(State())
    private let logLines = Atomic<Int>(0)

    init(configuration: MQTTConfiguration, handler: @escaping @Sendable (MQTTEvent) -> Void) {
        self.configuration = configuration
        self.handler = handler
    }

    static func from(_ userdata: UnsafeMutableRawPointer?) -> CallbackContext {
        Unmanaged<CallbackContext>.fromOpaque(userdata!).takeUnretainedValue()
    }

    var isConnected: Bool { state.withLock { $0.isConnected } }
    var lastLoggedError: String? { state.withLock { $0.lastLoggedError } }

    /// The network thread runs (first start or after a restart): `stop` has work to do.
    func markRunning() {
        state.withLock {
            $0.isStarted = true
            $0.isStopped = false
        }
    }

    /// True the first time, when there is something to stop.
    func markStopped() -> Bool {
        state.withLock { state in
            guard state.isStarted && !state.isStopped else { return false }
            state.isStopped = true
            return true
        }
    }

    func didConnect(code: Int32, flags: Int32) {
        if code == 0 {
            state.withLock {
                $0.isConnected = true
                $0.lastLoggedError = nil
            }
            handler(.connected(sessionPresent: flags & 1 != 0))
        } else {
            state.withLock { $0.isConnected = false }
            let sentCredentials = configuration.username != nil || configuration.password != nil
            handler(.connectionFailed(.connack(code, protocolVersion: configuration.protocolVersion, sentCredentials: sentCredentials)))
        }
    }

    func didDisconnect(code: Int32) {
        let (wasConnected, detail) = state.withLock { state in
            defer { state.isConnected = false }
            return (state.isConnected, state.lastLoggedError)
        }
        if code == 0 {
            handler(.disconnected(nil))
            return
        }
        let error = MQTTError.library(
            code, host: configuration.host, port: configuration.port, detail: detail, errno: errno)
        handler(wasConnected ? .disconnected(error) : .connectionFailed(error))
    }

    func connectAttemptFailed(code: Int32, errno: Int32) {
        let detail = lastLoggedError
        handler(.connectionFailed(.library(code, host: configuration.host, port: configuration.port, detail: detail, errno: errno)))
    }

    func didPublish(messageID: Int32) {
        handler(.published(messageID: messageID))
    }

    func didReceive(_ message: mosquitto_message) {
        let topic = message.topic.map { String(cString: $0) } ?? ""
        var payload = [UInt8]()
        if let bytes = message.payload, message.payloadlen > 0 {
            payload = Array(UnsafeRawBufferPointer(start: bytes, count: Int(message.payloadlen)))
        }
        handler(.message(topic: topic, payload: payload, retained: message.retain))
    }

    /// Counts a line libmosquitto logged (formatted for us).
    func countLogLine() {
        logLines.add(1, ordering: .relaxed)
    }

    /// The lines libmosquitto logged to us so far, of any level.
    var logLineCount: Int { logLines.load(ordering: .relaxed) }

    /// The libmosquitto log levels `didLog` looks at.
    static let keptLogLevels = MOSQ_LOG_ERR | MOSQ_LOG_WARNING

    /// Keeps the last error the library logged. A TLS handshake that fails
    /// on the network thread reaches us only this way (libmosquitto logs it
    /// and retries without a callback), so such a log line while not
    /// connected is reported as a failed connection attempt.
    func didLog(level: Int32, text: String) {
        guard level & CallbackContext.keptLogLevels != 0 else { return }
        let connected = state.withLock { state in
            state.lastLoggedError = text
            return state.isConnected
        }
        if !connected && level & MOSQ_LOG_ERR != 0 && text.contains("SSL") {
            handler(.connectionFailed(.tls(CallbackContext.openSSLReason(text), host: configuration.host, port: configuration.port)))
        }
    }

    /// "OpenSSL Error[0]: error:0A000086:SSL routines::certificate verify
    /// failed" → "certificate verify failed (error:0A000086:SSL routines)".
    static func openSSLReason(_ text: String) -> String {
        var message = Substring(text)
        if let colon = message.firstIndex(of: ":"), message.hasPrefix("OpenSSL Error") {
            message = message[message.index(after: colon)...].drop { $0 == " " }
        }
        let parts = message.split(separator: ":", omittingEmptySubsequences: true)
        guard parts.count >= 3, let reason = parts.last else { return String(message) }
        return "\(reason.trimmingWhitespace()) (\(parts.dropLast().joined(separator: ":")))"
    }
}
