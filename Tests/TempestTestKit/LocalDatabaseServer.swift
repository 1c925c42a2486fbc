// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation

/// What `VictoriaMetricsServer` and `InfluxDBServer` share: a database
/// server process of the test's own, on 127.0.0.1, that a test stops, kills
/// and starts again on the same port and data. The process is killed when
/// the server is released.
public class LocalDatabaseServer: @unchecked Sendable {
    let process: DatabaseProcess

    init(process: DatabaseProcess) {
        self.process = process
    }

    /// Starts the server again on the same port and data (nothing when it
    /// runs). Throws, with the server's log, when it does not come up as
    /// this server (another process may have taken the port meanwhile).
    public func start() throws {
        try process.start()
    }

    /// Stops the server with SIGTERM (it writes everything it buffered) and
    /// waits for its exit, at most 30 s.
    public func stop() {
        process.stop()
    }

    /// Kills the server with SIGKILL and waits for its exit: what it
    /// acknowledged but had not written to disk is lost.
    public func kill() {
        process.kill()
    }

    /// Whether the server process runs.
    public var isRunning: Bool { process.isRunning }

    /// Everything the server logged in all its runs (the test kit starts
    /// them logging warnings and errors only).
    public var log: String { process.log }

    /// An HTTP request to the server; when it fails, the error says whether
    /// the server runs and holds its log.
    func request(
        port: UInt16, _ method: String, _ target: String, body: [UInt8] = [], headers: [(String, String)] = [],
        credentials: LoopbackHTTPClient.BasicCredentials? = nil
    ) throws -> LoopbackHTTPClient.Response {
        do {
            return try LoopbackHTTPClient.request(
                port: port, method: method, target: target, body: body, headers: headers, credentials: credentials)
        } catch {
            throw TestKitError("\(error)\n\(process.name) \(isRunning ? "runs" : "is not running"); its log:\n\(log)")
        }
    }

    deinit {
        process.kill()
    }
}
