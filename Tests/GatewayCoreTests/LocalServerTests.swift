// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import GatewayCore
import GatewayStatus
import Glibc
import TempestTestKit
import Testing

/// The metrics endpoint and the status socket serve clients together: idle,
/// slow or many clients never hold up the next one. Every wait here is
/// bounded and shorter than the servers' own timeouts (2 s for HTTP, 1 s for
/// the status socket), so an answer that arrives while the idle clients
/// are still open arrived without waiting for them.
@Suite("status socket and metrics endpoint under idle and slow clients", .serialized)
struct LocalServerTests {
    static let healthz = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"

    static func server() throws -> MetricsServer {
        try MetricsServer(port: 0, metrics: { "tempest_gateway_up 1\n" }, health: { .healthy })
    }

    @Test("/healthz answers at once with 3 and with 20 idle connections open", arguments: [3, 20])
    func idleConnections(count: Int) throws {
        let server = try Self.server()
        defer { server.stop() }
        let idle = try (0..<count).map { _ in try LocalClient.tcp(port: server.port) }
        defer { idle.forEach { $0.close() } }
        let client = try LocalClient.tcp(port: server.port)
        defer { client.close() }
        #expect(client.send(Self.healthz))
        let answer = client.receiveAll(timeoutSeconds: 1)
        #expect(answer == "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 3\r\nConnection: close\r\n\r\nok\n")
        // The newest idle connections are still open: nobody waited for them.
        let newest = idle.suffix(min(count, 10))
        #expect(newest.allSatisfy { !$0.serverActed })
        if count > MetricsServer.connectionLimit {
            // Beyond the limit the longest-waiting idle ones were closed at
            // once, without an answer, so that the next client gets a place.
            let surplus = count + 1 - MetricsServer.connectionLimit
            for oldest in idle.prefix(surplus) {
                #expect(oldest.serverClosed(withinSeconds: 1))
                #expect(oldest.receiveAll(timeoutSeconds: 0.1).isEmpty)
            }
        }
    }

    @Test("a client that sends a byte a second is dropped at its deadline; /healthz answers meanwhile")
    func slowClient() throws {
        let server = try Self.server()
        defer { server.stop() }
        let slow = try LocalClient.tcp(port: server.port)
        defer { slow.close() }
        var sent = 0
        var dropped = false
        // The request line alone is 24 bytes; the deadline (2 s) comes long before.
        for byte in "GET /healthz HTTP/1.1\r\n\r\n".utf8.prefix(10) {
            guard slow.send(String(UnicodeScalar(byte))) else {
                dropped = true
                break
            }
            sent += 1
            if sent == 1 { #expect(!slow.serverActed, "dropped at once, not at its deadline") }
            let other = try LocalClient.tcp(port: server.port)
            other.send(Self.healthz)
            #expect(other.receiveAll(timeoutSeconds: 1).hasSuffix("ok\n"))
            other.close()
            if slow.serverClosed(withinSeconds: 1) {
                dropped = true
                break
            }
        }
        #expect(dropped, "still open after \(sent) bytes")
        #expect(slow.receiveAll(timeoutSeconds: 0.1).isEmpty)
    }

    @Test("answers stay as they were: 404 for other paths, 431 for a request that never ends its headers")
    func answers() throws {
        let server = try Self.server()
        defer { server.stop() }
        let metrics = try LocalClient.tcp(port: server.port)
        metrics.send("GET /metrics HTTP/1.0\r\n\r\n")
        #expect(metrics.receiveAll(timeoutSeconds: 1).hasSuffix("\r\n\r\ntempest_gateway_up 1\n"))
        metrics.close()
        let missing = try LocalClient.tcp(port: server.port)
        missing.send("GET /nothing HTTP/1.0\r\n\r\n")
        #expect(missing.receiveAll(timeoutSeconds: 1).hasPrefix("HTTP/1.1 404 Not Found\r\n"))
        missing.close()
        let huge = try LocalClient.tcp(port: server.port)
        huge.send("GET /healthz HTTP/1.1\r\n" + String(repeating: "X-Filler: yes\r\n", count: 1_000))
        #expect(huge.receiveAll(timeoutSeconds: 1).hasPrefix("HTTP/1.1 431 "))
        huge.close()
    }

    @Test("the status socket answers while 3 idle clients are connected")
    func statusSocket() throws {
        let directory = try TemporaryDirectory()
        let server = try StatusServer(path: directory.file("g.db.sock")) { json, output in output(json ? "{}" : "fine") }
        defer { server.stop() }
        let idle = try (0..<3).map { _ in try LocalClient.unix(path: server.path) }
        defer { idle.forEach { $0.close() } }
        let client = try LocalClient.unix(path: server.path)
        defer { client.close() }
        client.send("json\n")
        #expect(client.receiveAll(timeoutSeconds: 0.5) == "{}")
        #expect(idle.allSatisfy { !$0.serverActed })
        // An idle client gets the text report at its deadline, as before.
        #expect(idle[0].receiveAll(timeoutSeconds: 3) == "fine")
    }
}
