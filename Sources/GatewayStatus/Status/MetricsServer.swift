// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import Pipeline
import SystemSupport

/// An optional HTTP endpoint on one IPv4 address (127.0.0.1 unless the
/// operator chooses another, 0.0.0.0 for every interface): `GET /healthz`
/// answers `ok` while `health` says so (else 503 with its reason), `GET
/// /metrics` the counters and weather gauges in Prometheus' text format.
/// One request per connection.
///
/// Any local user can connect, so no client may hold it: connections are
/// served together (``RequestAnswerLoop``), each gets ``rules``' seconds to
/// send its request line and headers (at most 8 KiB) and to take the
/// answer, and beyond 16 open connections the one that has waited longest
/// for its request is closed (503 only when all 16 are being answered).
/// Idle clients thus never delay `/healthz`, however many there are.
public final class MetricsServer: Sendable {
    /// Why the endpoint could not be opened.
    public struct SetupError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Connections served at once.
    public static let connectionLimit = 16

    /// The limits every connection is held to.
    static let rules = RequestAnswerLoop.Rules(
        requestTimeoutSeconds: 2, answerTimeoutSeconds: 2, maximumRequestBytes: 8_192, maximumConnections: connectionLimit,
        busyAnswer: MetricsServer.response(
            status: "503 Service Unavailable", type: "text/plain", body: "too many connections, try again\n"),
        answersIncompleteRequests: false)

    /// The port actually bound.
    public let port: UInt16
    private let loop: RequestAnswerLoop

    /// Listens on `address` (dotted IPv4 text) at `port` (0: any free port).
    public init(
        address: String = "127.0.0.1", port: UInt16, metrics: @escaping @Sendable () -> String,
        health: @escaping @Sendable () -> HealthVerdict
    ) throws(SetupError) {
        let listening: ListeningSocket
        do {
            listening = try ListeningSocket.open(address: address, port: port, service: "metrics")
        } catch {
            throw SetupError(description: error.description)
        }
        self.port = listening.port
        let socketDescriptor = listening.descriptor
        do {
            loop = try RequestAnswerLoop(
                listening: socketDescriptor, threadName: "metrics-http", rules: MetricsServer.rules,
                isComplete: HTTPRequestHead.isComplete,
                answer: { request in MetricsServer.answer(to: request, metrics: metrics, health: health) })
        } catch {
            close(socketDescriptor)
            throw SetupError(description: "cannot serve metrics on \(address):\(port): \(error.message)")
        }
    }

    /// Stops serving.
    public func stop() {
        loop.stop()
    }

    /// The whole HTTP answer to `request`: chosen by its request line alone.
    static func answer(to request: [UInt8], metrics: () -> String, health: () -> HealthVerdict) -> String {
        guard request.count < rules.maximumRequestBytes || HTTPRequestHead.isComplete(request) else {
            return response(status: "431 Request Header Fields Too Large", type: "text/plain", body: "request too large\n")
        }
        let line = String(decoding: request.prefix { $0 != 0x0D && $0 != 0x0A }, as: UTF8.self)
        let parts = line.split(separator: " ")
        if parts.count >= 2 && parts[0] == "GET" && parts[1] == "/metrics" {
            return response(status: "200 OK", type: "text/plain; version=0.0.4; charset=utf-8", body: metrics())
        } else if parts.count >= 2 && parts[0] == "GET" && parts[1] == "/healthz" {
            switch health() {
            case .healthy: return response(status: "200 OK", type: "text/plain", body: "ok\n")
            case .unhealthy(let reason): return response(status: "503 Service Unavailable", type: "text/plain", body: reason + "\n")
            }
        }
        return response(status: "404 Not Found", type: "text/plain", body: "try /healthz or /metrics\n")
    }

    private static func response(status: String, type: String, body: String) -> String {
        "HTTP/1.1 \(status)\r\nContent-Type: \(type)\r\n"
            + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
    }
}
