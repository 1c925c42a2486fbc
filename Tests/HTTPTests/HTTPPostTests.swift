// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import HTTP
import TempestTestKit
import Testing

/// POST, and a client that keeps one connection on one thread of its own
/// (`reusesConnection`, as an export uses it).
@Suite("HTTP POST")
struct HTTPPostTests {
    @Test("a POST sends its body whole (NUL bytes included) with its headers and no Expect: 100-continue when asked")
    func postSendsTheBody() async throws {
        let server = try LocalHTTPServer()
        server.route("/write", method: "POST", .init(status: 204))
        let body = Array("line one\n".utf8) + [0] + Array(repeating: UInt8(ascii: "x"), count: 70_000)
        let response = try await HTTPClient().post(
            HTTPRequest(url: server.baseURL + "/write?db=w", headers: [("Content-Type", "text/plain"), ("Expect", "")]), body: body)
        #expect(response.statusCode == 204)
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.body == body)
        #expect(request.headers["content-type"] == "text/plain")
        #expect(request.headers["expect"] == nil)
    }

    @Test("a client that keeps its connection answers requests in turn, from one thread, also when they come at once")
    func reusedConnectionTakesTurns() async throws {
        let server = try LocalHTTPServer()
        server.route("/echo", method: "POST") { request in .init(status: 200, body: request.bodyText) }
        let client = HTTPClient(reusesConnection: true)
        for index in 0..<3 {
            let answer = try await client.post(HTTPRequest(url: server.baseURL + "/echo"), body: Array("request \(index)".utf8))
            #expect(answer.bodyText == "request \(index)")
        }
        try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for index in 0..<8 {
                group.addTask { (index, try await client.post(HTTPRequest(url: server.baseURL + "/echo"), body: Array("at once \(index)".utf8)).bodyText) }
            }
            for try await (index, text) in group { #expect(text == "at once \(index)") }
        }
        // A refused connection fails that request only; the next one works.
        let closed = try FreePort.tcp()
        await #expect(throws: HTTPError.self) { _ = try await client.post(HTTPRequest(url: "http://127.0.0.1:\(closed)/echo"), body: []) }
        #expect(try await client.post(HTTPRequest(url: server.baseURL + "/echo"), body: Array("after".utf8)).bodyText == "after")
        // Its transfers run on one thread that lives on, named for top: none per request.
        let names = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").compactMap { task in
            try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(names.contains("http-connection"), "\(names)")
    }
}
