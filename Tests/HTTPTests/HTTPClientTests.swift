// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import HTTP
import TempestTestKit
import Testing

@Suite struct HTTPClientTests {
    let client = HTTPClient()

    @Test func getReturnsStatusHeadersAndBodyAndSendsHeaders() async throws {
        let server = try LocalHTTPServer()
        server.route("/hello", .init(headers: [("Content-Type", "text/plain"), ("Retry-After", "5")], body: "hi there"))
        let response = try await client.get(HTTPRequest(url: server.baseURL + "/hello?x=1", headers: [(name: "Authorization", value: "Bearer secret")]))
        #expect(response.statusCode == 200)
        #expect(response.bodyText == "hi there")
        #expect(response.headers["retry-after"] == "5")
        #expect(response.header("Content-Type") == "text/plain")
        let recorded = try #require(server.requests.first)
        #expect(recorded.path == "/hello")
        #expect(recorded.query == "x=1")
        #expect(recorded.headers["authorization"] == "Bearer secret")
        #expect(recorded.headers["user-agent"]?.hasPrefix("tempest-gateway/") == true)
        let acceptEncoding = try #require(recorded.headers["accept-encoding"])
        #expect(acceptEncoding.contains("gzip") || acceptEncoding.contains("deflate"))
    }

    @Test func checkedGetRejectsErrorStatusWithExcerptAndRedactedURL() async throws {
        let server = try LocalHTTPServer()
        server.route("/missing", .init(status: 500, body: String(repeating: "e", count: 500)))
        await #expect {
            _ = try await client.checkedGet(HTTPRequest(url: server.baseURL + "/missing?token=s3cret"))
        } throws: { error in
            guard let error = error as? HTTPError else { return false }
            return error.kind == .httpStatus && error.statusCode == 500 && !error.description.contains("s3cret")
                && error.description.contains("token=<redacted>") && !error.description.contains(String(repeating: "e", count: 201))
        }
    }

    @Test func refusedConnectionIsAConnectionError() async throws {
        let port = try FreePort.tcp()
        let url = "http://127.0.0.1:\(port)/x?api_key=s3cret"
        await #expect {
            _ = try await client.get(HTTPRequest(url: url))
        } throws: { error in
            guard let error = error as? HTTPError else { return false }
            return error.kind == .connection && error.description.contains("127.0.0.1:\(port)") && !error.description.contains("s3cret")
        }
    }

    @Test func stallPastTheTotalTimeoutIsATimeout() async throws {
        let server = try LocalHTTPServer()
        server.route("/stall", .init(body: "late", delayBeforeBodySeconds: 10))
        await #expect {
            _ = try await client.get(HTTPRequest(url: server.baseURL + "/stall", totalTimeoutSeconds: 0.5))
        } throws: { error in
            (error as? HTTPError)?.kind == .timeout
        }
        server.stop()
    }

    @Test func bodyLargerThanTheCapIsRejected() async throws {
        let server = try LocalHTTPServer()
        server.route("/big", .init(body: String(repeating: "x", count: 5000)))
        await #expect {
            _ = try await client.get(HTTPRequest(url: server.baseURL + "/big", maximumResponseBytes: 1000))
        } throws: { error in
            guard let error = error as? HTTPError else { return false }
            return error.kind == .tooLarge && error.description.contains("response larger than 1000 bytes")
        }
        let fits = try await client.get(HTTPRequest(url: server.baseURL + "/big", maximumResponseBytes: 5000))
        #expect(fits.body.count == 5000)
    }

    @Test func redirectsAreFollowedUpToTheLimit() async throws {
        let server = try LocalHTTPServer()
        server.route("/loop", .init(status: 302, headers: [("Location", "/loop")]))
        server.route("/start", .init(status: 302, headers: [("Location", "/end")]))
        server.route("/end", .init(body: "arrived"))
        let followed = try await client.get(HTTPRequest(url: server.baseURL + "/start"))
        #expect(followed.bodyText == "arrived")
        await #expect {
            _ = try await client.get(HTTPRequest(url: server.baseURL + "/loop", maximumRedirects: 2))
        } throws: { error in
            (error as? HTTPError)?.kind == .tooManyRedirects
        }
        #expect(server.requests.filter { $0.path == "/loop" }.count == 3)
    }

    @Test func truncatedBodyIsAnError() async throws {
        let server = try LocalHTTPServer()
        server.route("/cut", .init(body: "{\"a\":", announcedLength: 100))
        await #expect(throws: HTTPError.self) {
            _ = try await client.get(HTTPRequest(url: server.baseURL + "/cut"))
        }
    }

    @Test func cancellingTheTaskAbortsTheTransfer() async throws {
        let server = try LocalHTTPServer()
        server.route("/slow", .init(body: "late", delayBeforeBodySeconds: 20))
        let client = self.client
        let url = server.baseURL + "/slow"
        let task = Task {
            try await client.get(HTTPRequest(url: url, totalTimeoutSeconds: 30))
        }
        for _ in 0..<200 where server.requests.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        #expect(server.requests.count == 1)
        task.cancel()
        let result = await task.result
        #expect(throws: HTTPError.self) { try result.get() }
        if case .failure(let error) = result { #expect((error as? HTTPError)?.kind == .cancelled) }
        server.stop()
    }
}

@Suite struct CompressedResponseTests {
    @Test func gzipBodyIsDecoded() async throws {
        let directory = try TemporaryDirectory()
        let plain = String(repeating: "{\"air_temperature\":12.5}", count: 50)
        let path = directory.file("body.json")
        try plain.write(toFile: path, atomically: false, encoding: .utf8)
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/usr/bin/gzip")
        gzip.arguments = ["-c", path]
        let pipe = Pipe()
        gzip.standardOutput = pipe
        try gzip.run()
        let compressed = [UInt8](pipe.fileHandleForReading.readDataToEndOfFile())
        gzip.waitUntilExit()
        #expect(compressed.count < plain.utf8.count)

        let server = try LocalHTTPServer()
        server.route("/gz", .init(headers: [("Content-Encoding", "gzip")], bytes: compressed))
        let response = try await HTTPClient().get(HTTPRequest(url: server.baseURL + "/gz"))
        #expect(response.bodyText == plain)
        // The cap applies to the decoded bytes, so a small compressed body cannot expand without bound.
        await #expect {
            _ = try await HTTPClient().get(HTTPRequest(url: server.baseURL + "/gz", maximumResponseBytes: compressed.count + 10))
        } throws: { error in
            (error as? HTTPError)?.kind == .tooLarge
        }
    }
}

@Suite struct LocalHTTPServerLifetimeTests {
    @Test func releasedServerRefusesConnections() async throws {
        var server: LocalHTTPServer? = try LocalHTTPServer()
        let url = server!.baseURL + "/gone"
        server!.route("/gone", .init(body: "here"))
        #expect(try await HTTPClient().get(HTTPRequest(url: url)).bodyText == "here")
        server = nil
        await #expect {
            _ = try await HTTPClient().get(HTTPRequest(url: url, connectTimeoutSeconds: 2))
        } throws: { error in
            (error as? HTTPError)?.kind == .connection
        }
    }
}
