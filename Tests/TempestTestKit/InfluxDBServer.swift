// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation

/// A real InfluxDB 1.x (Debian's `influxdb`, /usr/bin/influxd, 1.6) for
/// tests: a generated configuration with the meta, data and WAL folders in a
/// temporary folder, HTTP on 127.0.0.1 and a free port, the RPC service
/// (backup and restore, 127.0.0.1:8088 by default, which would clash
/// between tests) on another free loopback port, and nothing else: no
/// reporting, no `_internal` monitor database, no subscriber, continuous
/// queries, UDP, Graphite, collectd or OpenTSDB listeners. Stopped (SIGKILL)
/// when released. A test that needs it fails, naming the package, when the
/// binary is missing.
///
/// Writes are on disk when acknowledged (`wal-fsync-delay = "0s"`: the WAL is
/// synced before the answer), so `kill()` loses nothing that was answered
/// 204. The default retention policy (`autogen`) keeps everything forever, so
/// old timestamps are kept; a point written again with the same series,
/// timestamp and field replaces the field's value.
///
/// InfluxDB 1.6 knows only Basic authentication (`user` with
/// `password_file` in an `[[export]]`); the `Authorization: Token` scheme
/// came with 1.8 and 2.x.
public final class InfluxDBServer: LocalDatabaseServer, @unchecked Sendable {
    /// One series of a query's answer: its measurement, tags (for GROUP
    /// BY), columns and rows (numbers as `Double`, strings as `String`,
    /// nulls as `NSNull`).
    public struct Series: @unchecked Sendable {
        public var name: String
        public var tags: [String: String]
        public var columns: [String]
        public var values: [[Any]]

        /// The numbers of column `column` (nil for a null or a string).
        public func numbers(_ column: String) -> [Double?] {
            guard let index = columns.firstIndex(of: column) else { return [] }
            return values.map { row in index < row.count ? (row[index] as? NSNumber)?.doubleValue : nil }
        }
    }

    /// The path of the server binary.
    public static let executable = "/usr/bin/influxd"

    /// The HTTP port on 127.0.0.1.
    public let port: UInt16
    /// The RPC (backup and restore) port on 127.0.0.1.
    public let rpcPort: UInt16
    /// The folder of the configuration and every data folder.
    public let directory: TemporaryDirectory
    /// The administrator, when authentication is enabled.
    public let administrator: LoopbackHTTPClient.BasicCredentials?

    /// The configuration file given to the server.
    public var configurationPath: String { directory.file("influxdb.conf") }

    /// Starts a server; waits (at most `startTimeoutSeconds`) until it
    /// answers as this server. With `administrator`, authentication is on
    /// and that user is created with all privileges (the only request
    /// InfluxDB accepts without credentials while it has no user); every
    /// request of this type then sends its credentials. When another process
    /// took a port between `FreePort` finding it and the server binding it,
    /// tries again with other ports (at most five times).
    public init(administrator: LoopbackHTTPClient.BasicCredentials? = nil, startTimeoutSeconds: Double = 30) throws {
        let folder = try TemporaryDirectory(prefix: "influxdb")
        let configuration = folder.file("influxdb.conf")
        let started = try DatabaseProcess.startOnFreePorts(ports: InfluxDBServer.twoFreePorts) { ports in
            try InfluxDBServer.configuration(
                folder: folder, httpPort: ports.http, rpcPort: ports.rpc, authentication: administrator != nil
            ).write(toFile: configuration, atomically: true, encoding: .utf8)
            return try DatabaseProcess(
                name: "InfluxDB", executable: InfluxDBServer.executable, package: "influxdb",
                arguments: ["run", "-config", configuration], startTimeoutSeconds: startTimeoutSeconds
            ) { InfluxDBServer.isServing(port: ports.http, configuration: configuration) }
        }
        port = started.ports.http
        rpcPort = started.ports.rpc
        directory = folder
        self.administrator = administrator
        super.init(process: started.process)
        if let administrator {
            try query(
                "CREATE USER \(Self.identifier(administrator.user)) WITH PASSWORD '\(Self.escaped(administrator.password))' "
                    + "WITH ALL PRIVILEGES")
        }
    }

    /// Two different free TCP ports.
    static func twoFreePorts() throws -> (http: UInt16, rpc: UInt16) {
        let http = try FreePort.tcp()
        var rpc = try FreePort.tcp()
        for _ in 0..<10 where rpc == http { rpc = try FreePort.tcp() }
        return (http, rpc)
    }

    /// The configuration: every folder inside `folder`, every listener on
    /// 127.0.0.1, every optional service off.
    static func configuration(folder: TemporaryDirectory, httpPort: UInt16, rpcPort: UInt16, authentication: Bool) -> String {
        """
        reporting-enabled = false
        bind-address = "127.0.0.1:\(rpcPort)"

        [meta]
          dir = "\(folder.file("meta"))"
          logging-enabled = false

        [data]
          dir = "\(folder.file("data"))"
          wal-dir = "\(folder.file("wal"))"
          wal-fsync-delay = "0s"
          query-log-enabled = false

        [monitor]
          store-enabled = false

        [subscriber]
          enabled = false

        [continuous_queries]
          enabled = false

        [http]
          enabled = true
          bind-address = "127.0.0.1:\(httpPort)"
          auth-enabled = \(authentication)
          log-enabled = false
          pprof-enabled = false
          unix-socket-enabled = false

        [ifql]
          enabled = false

        [logging]
          level = "warn"
          suppress-logo = true

        """
    }

    /// Whether the server on `port` is the one started with `configuration`:
    /// its /debug/vars (answered without credentials) give its command line.
    static func isServing(port: UInt16, configuration: String) -> Bool {
        guard let answer = try? LoopbackHTTPClient.request(port: port, target: "/debug/vars", timeoutSeconds: 2),
            answer.status == 200
        else { return false }
        return answer.text.contains(#""-config","\#(configuration)""#)
    }

    /// `/write?db=<db>&precision=s`, the InfluxDB 1.x write endpoint.
    public func writeURL(db: String) -> String {
        "http://127.0.0.1:\(port)/write?db=\(LoopbackHTTPClient.queryValue(db))&precision=s"
    }

    /// The base URL, `http://127.0.0.1:<port>`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Creates the database `name` (nothing when it exists).
    public func createDatabase(_ name: String) throws {
        _ = try query("CREATE DATABASE \(Self.identifier(name))")
    }

    /// POSTs line protocol with timestamps in seconds to `/write`; throws
    /// unless the server answers 204 (the points are then on disk).
    public func write(_ lines: String, db: String) throws {
        let target = "/write?" + LoopbackHTTPClient.query([("db", db), ("precision", "s")])
        let answer = try request("POST", target, body: Array(lines.utf8))
        guard answer.status == 204 else { throw TestKitError("InfluxDB /write answered \(answer.status): \(answer.text)") }
    }

    /// Runs `influxQL` (POST /query, in database `db` when given, times as
    /// seconds since 1970) and returns the answer's JSON text. Throws on an
    /// HTTP error or when a statement's result holds an error.
    @discardableResult
    public func query(_ influxQL: String, db: String? = nil) throws -> String {
        var pairs = [("q", influxQL), ("epoch", "s")]
        if let db { pairs.append(("db", db)) }
        let answer = try request(
            "POST", "/query", body: Array(LoopbackHTTPClient.query(pairs).utf8),
            headers: [("Content-Type", "application/x-www-form-urlencoded")])
        let object = try? JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any]
        let results = object?["results"] as? [[String: Any]] ?? []
        let statementError = results.compactMap { $0["error"] as? String }.first
        guard answer.status == 200, let object, object["error"] == nil, statementError == nil else {
            throw TestKitError(
                "InfluxDB query \(influxQL) failed (\(answer.status)): \(statementError ?? (object?["error"] as? String) ?? answer.text)")
        }
        return answer.text
    }

    /// The series of the first statement of `influxQL` in `db`.
    public func series(_ influxQL: String, db: String) throws -> [Series] {
        let text = try query(influxQL, db: db)
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        let first = (object?["results"] as? [[String: Any]])?.first
        return (first?["series"] as? [[String: Any]] ?? []).map { item in
            Series(
                name: item["name"] as? String ?? "", tags: item["tags"] as? [String: String] ?? [:],
                columns: item["columns"] as? [String] ?? [], values: item["values"] as? [[Any]] ?? [])
        }
    }

    private func request(_ method: String, _ target: String, body: [UInt8] = [], headers: [(String, String)] = [])
        throws -> LoopbackHTTPClient.Response
    {
        try request(port: port, method, target, body: body, headers: headers, credentials: administrator)
    }

    /// `name` as an InfluxQL identifier (double-quoted).
    static func identifier(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// `text` for inside an InfluxQL single-quoted string.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
    }
}
