// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import CloudFollowing
import GatewayCore
import Glibc
import JSON
import Synchronization
import WebSocket

/// Virtual time for the WebSocket follower: it moves only when a test
/// advances it or the follower sleeps (a backoff), so minutes of timers take
/// milliseconds and nothing depends on the machine's speed.
final class VirtualClock: Sendable {
    private let seconds: Mutex<Double>

    init(start: Double) { seconds = Mutex(start) }

    var now: Double { seconds.withLock { $0 } }

    func advance(by delta: Double) { seconds.withLock { $0 += delta } }

    /// As the follower's clock: sleeping moves virtual time (and yields a little real time).
    var followerClock: WebSocketFollowerClock {
        WebSocketFollowerClock(now: { self.now }, sleep: { delta in self.advance(by: delta); usleep(100) })
    }
}

/// A WebSocket channel scripted by the test: texts pushed by the test are
/// received, sent texts are recorded, and requests are acknowledged unless
/// `withholdAck` says otherwise. An empty inbox waits a millisecond of real
/// time and lets no virtual time pass.
final class FakeWebSocketChannel: WebSocketChannel {
    struct Script: Sendable {
        var inbox: [WebSocketMessage] = []
        var failure: WebSocketError?
        var sent: [String] = []
        var pings = 0
        var closed = false
    }

    private let script = Mutex(Script())
    /// Ids for which no ack is sent (the test decides per request text).
    let withholdAck: @Sendable (String) -> Bool

    init(opened: Bool = true, withholdAck: @escaping @Sendable (String) -> Bool = { _ in false }) {
        self.withholdAck = withholdAck
        if opened { push(#"{"type":"connection_opened"}"#) }
    }

    func push(_ text: String) { script.withLock { $0.inbox.append(.text(text)) } }
    func pushBinary() { script.withLock { $0.inbox.append(.binary([1, 2])) } }
    /// The next receive throws this (the connection dropped).
    func fail(_ error: WebSocketError) { script.withLock { $0.failure = error } }

    var sent: [String] { script.withLock { $0.sent } }
    var pings: Int { script.withLock { $0.pings } }
    var isClosed: Bool { script.withLock { $0.closed } }

    /// The types of the requests sent, in order.
    var sentTypes: [String] { sent.compactMap { try? JSONValue.parse($0)["type"]?.stringValue } }

    /// The id of every sent request of `type` for `deviceID`.
    func ids(of type: String, deviceID: Int? = nil) -> [String] {
        sent.compactMap { text in
            guard let json = try? JSONValue.parse(text), json["type"]?.stringValue == type else { return nil }
            if let deviceID, json["device_id"]?.intValue != deviceID { return nil }
            return json["id"]?.stringValue
        }
    }

    func send(text: String) throws(WebSocketError) {
        let closed = script.withLock { script in
            script.sent.append(text)
            return script.closed
        }
        if closed { throw WebSocketError(.ioFailed, "closed") }
        if !withholdAck(text), let id = try? JSONValue.parse(text)["id"]?.stringValue {
            push(#"{"type":"ack","id":"\#(id)"}"#)
        }
    }

    func receive(timeoutSeconds: Double) throws(WebSocketError) -> WebSocketMessage? {
        let next = script.withLock { script -> Result<WebSocketMessage?, WebSocketError> in
            if let failure = script.failure {
                script.failure = nil
                return .failure(failure)
            }
            return .success(script.inbox.isEmpty ? nil : script.inbox.removeFirst())
        }
        switch next {
        case .failure(let error): throw error
        case .success(let message):
            if message == nil { usleep(1_000) }
            return message
        }
    }

    func ping() throws(WebSocketError) { script.withLock { $0.pings += 1 } }

    func close() { script.withLock { $0.closed = true } }
}
