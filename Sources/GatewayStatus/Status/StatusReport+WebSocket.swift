// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON
import Pipeline

extension StatusReport {
    /// The WebSocket follower in sentences, labels before values: connected
    /// since when, reconnects, messages by kind, unreadable ones, and per
    /// device when it was last heard and whether its data is stored.
    public func webSocketText(now: Int64) -> String {
        guard let webSocket else { return "WeatherFlow WebSocket: off." }
        let connection = webSocket.connected
            ? "connected for \(Plural.count(now - (webSocket.connectedSince ?? now), "second"))"
            : "not connected (retrying)"
        var parts = [
            "WeatherFlow WebSocket: \(connection); mode \(webSocket.alwaysIngests ? "websocket, everything stored" : "udp and websocket, standing in for quiet UDP"); reconnects \(webSocket.reconnectCount)."
        ]
        let kinds = webSocket.messagesByKind.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        parts.append("WebSocket messages: \(kinds.isEmpty ? "none yet" : kinds.joined(separator: ", ")); unreadable \(webSocket.malformedCount).")
        for (serial, device) in webSocket.devices.sorted(by: { $0.key < $1.key }) {
            let heard = device.lastMessageAt.map { "last message \(Plural.count(now - $0, "second")) ago" } ?? "no message yet"
            let stored = device.standsIn
                ? "stored for \(Plural.count(now - (device.standsInSince ?? now), "second"))"
                : "not stored (UDP live), strikes excepted"
            parts.append(
                "WebSocket device \(serial): \(device.subscribed ? "subscribed" : "not subscribed"); \(heard); messages \(device.messages); \(stored).")
        }
        if let error = webSocket.lastError {
            parts.append("Last WebSocket error, \(Plural.count(now - (webSocket.lastErrorAt ?? now), "second")) ago: \(error).")
        }
        return parts.joined(separator: " ")
    }

    /// The WebSocket follower as a JSON object (`"state": "off"` when it is off).
    public func writeWebSocket(into json: inout JSONWriter, now: Int64) {
        json.beginObject()
        guard let webSocket else {
            json.member("state", "off")
            json.endObject()
            return
        }
        json.member("state", webSocket.connected ? "connected" : "connecting")
        json.member("mode", webSocket.alwaysIngests ? "websocket" : "udp+websocket")
        json.member("connected_seconds", webSocket.connectedSince.map { now - $0 })
        json.member("reconnects", Int64(webSocket.reconnectCount))
        json.key("messages")
        json.beginObject()
        for (kind, count) in webSocket.messagesByKind.sorted(by: { $0.key < $1.key }) { json.member(kind, Int64(count)) }
        json.endObject()
        json.member("malformed", Int64(webSocket.malformedCount))
        json.member("last_malformed_reason", webSocket.lastMalformedReason)
        json.key("devices")
        json.beginObject()
        for (serial, device) in webSocket.devices.sorted(by: { $0.key < $1.key }) {
            json.key(serial)
            json.beginObject()
            json.member("device_id", Int64(device.deviceID))
            json.member("subscribed", device.subscribed)
            json.member("last_message_age_seconds", device.lastMessageAt.map { now - $0 })
            json.member("messages", Int64(device.messages))
            json.member("stands_in", device.standsIn)
            json.member("stands_in_seconds", device.standsInSince.map { now - $0 })
            json.endObject()
        }
        json.endObject()
        json.member("last_error", webSocket.lastError)
        json.member("last_error_age_seconds", webSocket.lastErrorAt.map { now - $0 })
        json.endObject()
    }
}
