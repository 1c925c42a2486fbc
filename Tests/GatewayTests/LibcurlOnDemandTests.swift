// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import TempestTestKit
import Testing

/// libcurl and the ~25 libraries it brings (~3.8 MB of resident memory) are
/// loaded on the first HTTP request, so a gateway without cloud features
/// never maps them; without libcurl, requests fail with a message that says
/// how to fix it.
@Suite("libcurl loaded on demand", .serialized)
struct LibcurlOnDemandTests {
    /// Starts `run` without MQTT on a free UDP port, with `extra` options, and
    /// waits until it listens.
    func startRun(database: String, extra: [String] = []) throws -> ChildProcess {
        let port = try FreePort.udp()
        let gateway = try ChildProcess(
            executable: Gateway.path,
            arguments: ["run", "--database", database, "--udp-address", "127.0.0.1", "--udp-port", String(port), "--print", "none",
                        "--no-mqtt"] + extra)
        try gateway.start()
        guard gateway.waitFor(timeoutSeconds: 20, { $0.standardErrorSoFar.contains("Listening") }) else {
            throw TestKitError("run did not start: \(gateway.standardErrorSoFar)")
        }
        return gateway
    }

    func mapsLibcurl(_ gateway: ChildProcess) throws -> Bool {
        try ProcFile.maps("/libcurl.so", pid: gateway.processIdentifier)
    }

    @Test("run without a token or a location never maps libcurl; the first forecast request maps it")
    func loadedOnlyByTheFirstRequest() throws {
        let directory = try TemporaryDirectory()
        let idle = try startRun(database: directory.file("idle.db"))
        usleep(1_500_000)
        #expect(try !mapsLibcurl(idle), "libcurl is mapped although no HTTP request was made")
        idle.send(signal: SIGTERM)
        #expect(try idle.wait(timeoutSeconds: 30).status == 0)

        // The same check sees libcurl once a request needs it.
        let server = try LocalHTTPServer()
        server.route("/v1/forecast", .init(body: #"{"utc_offset_seconds":0,"hourly":{"time":[1700000000],"temperature_2m":[7.5]}}"#))
        let forecasting = try startRun(
            database: directory.file("forecasting.db"),
            extra: ["--latitude", "39.7392", "--longitude=-104.9903", "--open-meteo-api", server.baseURL])
        #expect(forecasting.waitFor(timeoutSeconds: 20) { _ in !server.requests.isEmpty })
        #expect(try mapsLibcurl(forecasting))
        forecasting.send(signal: SIGTERM)
        #expect(try forecasting.wait(timeoutSeconds: 30).status == 0)
    }

    @Test("without a loadable libcurl a request fails naming the library, the loader's reason and the fix")
    func missingLibcurl() throws {
        // An empty file found first on the library path: dlopen refuses it
        // ("file too short"), as it would a missing libcurl4.
        let directory = try TemporaryDirectory()
        #expect(FileManager.default.createFile(atPath: directory.file("libcurl.so.4"), contents: Data()))
        let searchPath = [directory.path, ProcessInfo.processInfo.environment["LD_LIBRARY_PATH"]]
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ":")
        let server = try LocalHTTPServer()
        server.route("/v1/forecast", .init(body: "{}"))
        let result = try Gateway.run(
            ["forecast", "--open-meteo-api", server.baseURL, "--latitude", "39.7392", "--longitude=-104.9903", "--timezone", "UTC"],
            environment: ["LD_LIBRARY_PATH": searchPath])
        #expect(result.status == 1)
        #expect(result.standardError.contains(
            "libcurl (libcurl.so.4) could not be loaded: \(directory.file("libcurl.so.4")): file too short; "
                + "install it with: apt-get install libcurl4"), "\(result.standardError)")
        #expect(server.requests.isEmpty)
    }
}
