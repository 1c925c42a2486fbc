// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import MQTT
import Synchronization
import SystemSupport
import TempestTestKit
import Testing
import WebPage
@testable import CloudFollowing
@testable import Forecasting
@testable import GatewayCore
@testable import GatewayStatus
@testable import MQTTSink
@testable import Pipeline
@testable import WebPage

/// The web page's server over real sockets on 127.0.0.1: answers, limits,
/// credentials and the live event stream. Every wait is bounded; waits for
/// an answer are shorter than the server's 5-second request timeout, so an
/// answer that arrives while idle clients are open did not wait for them.
@Suite("web server", .serialized)
struct WebServerTests {
    /// A page at `/`, an echo of the parsed request at `/echo`, 404
    /// elsewhere; live events count up from 1.
    final class TestContent: WebContent {
        let events = Atomic<Int>(0)
        let eventPaddingBytes: Int

        init(eventPaddingBytes: Int = 0) {
            self.eventPaddingBytes = eventPaddingBytes
        }

        func respond(to request: WebRequest) -> WebResponse {
            switch request.path {
            case "/":
                return WebResponse(contentType: "text/html; charset=utf-8", headers: [WebHeader("Cache-Control", "no-cache")], text: "<p>page</p>\n")
            case "/echo":
                let query = request.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
                return WebResponse(contentType: "text/plain", text: "\(request.method) \(request.path) \(query)")
            default:
                return WebResponse(status: 404, contentType: "text/plain", text: "no page \(request.path)\n")
            }
        }

        func liveEvent() -> String? {
            let number = events.add(1, ordering: .relaxed).newValue
            return "{\"n\":\(number)" + (eventPaddingBytes > 0 ? ",\"pad\":\"\(String(repeating: "x", count: eventPaddingBytes))\"" : "") + "}"
        }
    }

    static let credentials = WebCredentials(username: "tempest", password: Secret("s3cret"))

    static func server(credentials: WebCredentials? = nil, content: TestContent = TestContent(), limits: WebServer.Limits = .init())
        throws -> WebServer
    {
        try WebServer(address: "127.0.0.1", port: 0, credentials: credentials, content: content, limits: limits)
    }

    /// The whole answer to `request`, read until the server closes.
    static func exchange(_ server: WebServer, _ request: String) throws -> String {
        let client = try LocalClient.tcp(port: server.port)
        defer { client.close() }
        client.send(request)
        return client.receiveAll(timeoutSeconds: 2)
    }

    static func get(_ target: String, headers: String = "") -> String {
        "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(headers)\r\n"
    }

    static func hasSecurityHeaders(_ answer: String) -> Bool {
        let head = answer.split(separator: "\r\n\r\n", maxSplits: 1).first.map(String.init) ?? ""
        return head.contains("\r\nX-Content-Type-Options: nosniff\r\n") && head.contains("\r\nReferrer-Policy: no-referrer\r\n")
            && head.contains(
                "\r\nContent-Security-Policy: default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'\r\n"
            )
    }

    @Test("a page is 200 with its length and the security headers; HEAD has the same head and no body")
    func page() throws {
        let server = try Self.server()
        defer { server.stop() }
        let answer = try Self.exchange(server, Self.get("/"))
        #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: 12\r\n"))
        #expect(answer.contains("\r\nCache-Control: no-cache\r\n"))
        #expect(answer.contains("\r\nConnection: close\r\n"))
        #expect(answer.hasSuffix("\r\n\r\n<p>page</p>\n"))
        #expect(Self.hasSecurityHeaders(answer))
        let head = try Self.exchange(server, "HEAD / HTTP/1.1\r\n\r\n")
        #expect(head.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(head.contains("Content-Length: 12\r\n"))
        #expect(head.hasSuffix("\r\n\r\n"))
        #expect(!head.contains("<p>"))
    }

    @Test("the path and the query reach the content percent-decoded; 404 passes through with the security headers")
    func parsing() throws {
        let server = try Self.server()
        defer { server.stop() }
        let echo = try Self.exchange(server, Self.get("/ech%6F?day=2026-11-26&name=a%20b+c&day=last"))
        #expect(echo.hasSuffix("\r\n\r\nGET /echo day=last,name=a b c"))
        let missing = try Self.exchange(server, Self.get("/nothing/here"))
        #expect(missing.hasPrefix("HTTP/1.1 404 Not Found\r\n"))
        #expect(missing.hasSuffix("no page /nothing/here\n"))
        #expect(Self.hasSecurityHeaders(missing))
    }

    @Test(
        "malformed requests get 400",
        arguments: [
            "HELLO\r\n\r\n", "GET /\r\n\r\n", "GET / HTTP/1.1 extra\r\n\r\n", "GET /a/../b HTTP/1.1\r\n\r\n",
            "GET /%2e%2e/etc HTTP/1.1\r\n\r\n", "GET /a%00b HTTP/1.1\r\n\r\n", "GET /?x=%zz HTTP/1.1\r\n\r\n",
            "GET http://example/ HTTP/1.1\r\n\r\n", "GET / HTTP/1.1\r\nno colon here\r\n\r\n", "GET /%FF HTTP/1.1\r\n\r\n",
        ])
    func malformed(request: String) throws {
        let server = try Self.server()
        defer { server.stop() }
        let answer = try Self.exchange(server, request)
        #expect(answer.hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
        #expect(Self.hasSecurityHeaders(answer))
    }

    @Test("a request the client ends before its empty line gets 400, not 431")
    func incomplete() throws {
        let server = try Self.server()
        defer { server.stop() }
        let client = try LocalClient.tcp(port: server.port)
        defer { client.close() }
        client.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        shutdown(client.descriptor, Int32(SHUT_WR))
        #expect(client.receiveAll(timeoutSeconds: 2).hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
    }

    @Test("POST and other methods get 405 with Allow: GET, HEAD; nothing reaches the content")
    func methods() throws {
        let content = TestContent()
        let server = try Self.server(content: content)
        defer { server.stop() }
        for method in ["POST", "PUT", "DELETE", "OPTIONS"] {
            let answer = try Self.exchange(server, "\(method) /echo HTTP/1.1\r\nContent-Length: 0\r\n\r\n")
            #expect(answer.hasPrefix("HTTP/1.1 405 Method Not Allowed\r\n"), "\(method)")
            #expect(answer.contains("\r\nAllow: GET, HEAD\r\n"))
            #expect(!answer.contains("/echo"))
        }
    }

    @Test("request line and headers beyond 8 KiB get 431")
    func oversize() throws {
        let server = try Self.server()
        defer { server.stop() }
        let answer = try Self.exchange(server, "GET / HTTP/1.1\r\n" + String(repeating: "X-Filler: yes\r\n", count: 1_000) + "\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 431 Request Header Fields Too Large\r\n"))
        // Just under the limit is fine.
        let fits = try Self.exchange(server, "GET / HTTP/1.1\r\n" + String(repeating: "X-Filler: yes\r\n", count: 500) + "\r\n")
        #expect(fits.hasPrefix("HTTP/1.1 200 OK\r\n"))
    }

    @Test("a client that sends nothing does not delay another; at 40 idle connections the longest-waiting ones are closed")
    func idleClients() throws {
        let server = try Self.server()
        defer { server.stop() }
        let first = try LocalClient.tcp(port: server.port)
        defer { first.close() }
        #expect(try Self.exchange(server, Self.get("/")).hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(!first.serverActed, "the idle client was closed at once, not at its deadline")
        let idle = try (0..<40).map { _ in try LocalClient.tcp(port: server.port) }
        defer { idle.forEach { $0.close() } }
        #expect(try Self.exchange(server, Self.get("/")).hasPrefix("HTTP/1.1 200 OK\r\n"))
        // 41 idle and one more: the oldest ones made room, the newest wait on.
        #expect(first.serverClosed(withinSeconds: 1))
        #expect(idle.suffix(10).allSatisfy { !$0.serverActed })
        // The idle ones are closed at their 5-second deadline without an answer.
        #expect(idle[39].serverClosed(withinSeconds: 7))
        #expect(idle[39].receiveAll(timeoutSeconds: 0.1).isEmpty)
    }

    @Test("with credentials: Basic and Bearer with the password get 200; none, a wrong one or another scheme get 401")
    func credentials() throws {
        let server = try Self.server(credentials: Self.credentials)
        defer { server.stop() }
        let refusals = [
            "", "Authorization: Basic dGVtcGVzdDp3cm9uZw==\r\n", "Authorization: Bearer wrong\r\n", "Authorization: Bearer s3cre\r\n",
            "Authorization: Bearer s3cret2\r\n", "Authorization: Basic !!!\r\n", "Authorization: Digest s3cret\r\n",
        ]
        for header in refusals {
            let answer = try Self.exchange(server, Self.get("/", headers: header))
            #expect(answer.hasPrefix("HTTP/1.1 401 Unauthorized\r\n"), "\(header)")
            #expect(answer.contains("\r\nWWW-Authenticate: Basic realm=\"tempest-gateway\", charset=\"UTF-8\"\r\n"))
            #expect(Self.hasSecurityHeaders(answer))
            #expect(!answer.contains("<p>page"))
        }
        let events = try Self.exchange(server, Self.get("/events"))
        #expect(events.hasPrefix("HTTP/1.1 401 "))
        for header in ["Authorization: Basic dGVtcGVzdDpzM2NyZXQ=\r\n", "authorization: bearer s3cret\r\n"] {
            let answer = try Self.exchange(server, Self.get("/", headers: header))
            #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(header)")
            #expect(answer.hasSuffix("<p>page</p>\n"))
        }
    }

    @Test("/events sends the current event at once and another after dataChanged, folding quick changes into one")
    func events() throws {
        let server = try Self.server()
        defer { server.stop() }
        let client = try LocalClient.tcp(port: server.port)
        defer { client.close() }
        client.send(Self.get("/events"))
        let start = client.receive(until: "data: {\"n\":1}\n\n", timeoutSeconds: 2)
        #expect(start.hasPrefix("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"))
        #expect(start.contains("\r\nCache-Control: no-store\r\n"))
        #expect(Self.hasSecurityHeaders(start))
        #expect(start.hasSuffix("\r\n\r\nretry: 10000\n\nevent: now\ndata: {\"n\":1}\n\n"))
        server.dataChanged()
        #expect(client.receive(until: "\n\n", timeoutSeconds: 3) == "event: now\ndata: {\"n\":2}\n\n")
        // Five changes at once, within a second of the last event: one event.
        for _ in 0..<5 { server.dataChanged() }
        #expect(client.receive(until: "\n\n", timeoutSeconds: 3) == "event: now\ndata: {\"n\":3}\n\n")
        #expect(client.receive(until: "\n\n", timeoutSeconds: 1.5).isEmpty)
        // HEAD /events: the head alone, and the connection closes.
        let head = try Self.exchange(server, "HEAD /events HTTP/1.1\r\n\r\n")
        #expect(head.hasPrefix("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"))
        #expect(head.hasSuffix("\r\n\r\n"))
    }

    @Test("a quiet stream gets keep-alive comments")
    func keepAlive() throws {
        var limits = WebServer.Limits()
        limits.keepAliveSeconds = 0.3
        let server = try Self.server(limits: limits)
        defer { server.stop() }
        let client = try LocalClient.tcp(port: server.port)
        defer { client.close() }
        client.send(Self.get("/events"))
        _ = client.receive(until: "data: {\"n\":1}\n\n", timeoutSeconds: 2)
        #expect(client.receive(until: "\n\n", timeoutSeconds: 2) == ": keep-alive\n\n")
    }

    @Test("at most 8 streams: a 9th gets 503, and a place frees when one closes; pages are still served")
    func streamLimit() throws {
        let server = try Self.server()
        defer { server.stop() }
        var streams = try (0..<WebServer.streamLimit).map { _ in try LocalClient.tcp(port: server.port) }
        defer { streams.forEach { $0.close() } }
        for stream in streams {
            stream.send(Self.get("/events"))
            #expect(stream.receive(until: "event: now\n", timeoutSeconds: 2).hasPrefix("HTTP/1.1 200 OK\r\n"))
        }
        let ninth = try Self.exchange(server, Self.get("/events"))
        #expect(ninth.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"))
        #expect(Self.hasSecurityHeaders(ninth))
        #expect(try Self.exchange(server, Self.get("/")).hasPrefix("HTTP/1.1 200 OK\r\n"))
        streams.removeFirst().close()
        var reopened = false
        for _ in 0..<20 where !reopened {
            let client = try LocalClient.tcp(port: server.port)
            client.send(Self.get("/events"))
            reopened = client.receive(until: "\r\n", timeoutSeconds: 2).hasPrefix("HTTP/1.1 200 OK")
            if reopened { streams.append(client) } else { client.close() }
            if !reopened { usleep(100_000) }
        }
        #expect(reopened)
    }

    @Test("a stream that never reads is closed once its unsent bytes pass the bound; others go on")
    func stalledStream() throws {
        var limits = WebServer.Limits()
        limits.minimumEventIntervalSeconds = 0.02
        let server = try Self.server(content: TestContent(eventPaddingBytes: 20_000), limits: limits)
        defer { server.stop() }
        let stalled = try LocalClient.tcp(port: server.port)
        defer { stalled.close() }
        stalled.shrinkReceiveBuffer(toBytes: 4_096)
        stalled.send(Self.get("/events"))
        let reader = try LocalClient.tcp(port: server.port)
        defer { reader.close() }
        reader.send(Self.get("/events"))
        _ = reader.receive(until: "\"}\n\n", timeoutSeconds: 2)
        // 60 events of 20 KB: far more than the kernel buffers and 64 KiB.
        var read = 0
        for _ in 0..<60 {
            server.dataChanged()
            let piece = reader.receive(until: "\"}\n\n", timeoutSeconds: 2)
            read += piece.utf8.count
        }
        #expect(read > 1_000_000)
        #expect(stalled.readsToClose(withinSeconds: 5), "the stalled stream is still open")
        server.dataChanged()
        #expect(reader.receive(until: "\"}\n\n", timeoutSeconds: 2).hasPrefix("event: now\n"))
    }

    @Test("a stream whose client takes nothing while data waits is closed after the stall time, below the unsent bound")
    func stalledClient() throws {
        var limits = WebServer.Limits()
        limits.minimumEventIntervalSeconds = 0.02
        limits.stalledSeconds = 1
        limits.maximumUnsentBytes = 10_000_000
        let server = try Self.server(content: TestContent(eventPaddingBytes: 8_000), limits: limits)
        defer { server.stop() }
        let stalled = try LocalClient.tcp(port: server.port)
        defer { stalled.close() }
        stalled.shrinkReceiveBuffer(toBytes: 4_096)
        stalled.send(Self.get("/events"))
        // 20 events of 8 KB: more than the kernel buffers take.
        for _ in 0..<20 {
            server.dataChanged()
            usleep(50_000)
        }
        // Past the stall time before the client reads at all.
        usleep(2_000_000)
        #expect(stalled.readsToClose(withinSeconds: 5), "the stalled stream is still open")
    }
}
