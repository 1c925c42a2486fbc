// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation

/// A real single-node VictoriaMetrics (Debian's `victoria-metrics`,
/// /usr/bin/victoria-metrics, 1.79) for tests: 127.0.0.1 and a free port,
/// its own storage folder, stopped (SIGKILL) when released. A test that needs
/// it fails, naming the package, when the binary is missing.
///
/// Started with:
/// - `-dedup.minScrapeInterval=1s`, as docs/export.md asks: a sample sent
///   twice (same series, same second) is one sample. Deduplication is done
///   when parts are merged and again when data is read, so `export` and
///   queries never show the duplicate even before a merge. Of samples with
///   the same timestamp 1.79 kept the last one written in our checks (later
///   releases document keeping the largest value instead).
/// - `-retentionPeriod=100y` (1.79's largest): anything since 1970 is
///   inside it. With the default of one month, samples older than the
///   retention are dropped without an error (the write still answers 204;
///   `ignoredRows()["small_timestamp"]` counts them).
/// - Samples more than two days ahead of the clock are dropped the same
///   way (`ignoredRows()["big_timestamp"]`, and a warning in `log`); up to
///   two days ahead they are kept.
/// - `-search.latencyOffset=0s`: by default the last 30 s before the
///   server's clock are left out of query results.
/// - `-search.disableCache`: no cached query results over data a test then
///   adds to.
///
/// Writes become searchable when 1.79 moves its buffered rows into a part,
/// about once a second; `flush()` does it at once (/internal/force_flush).
/// They reach the disk later still: a SIGKILL (`kill()`) loses the last
/// ~5 to 10 s of acknowledged writes, which the checks here measured as the
/// time until a new part's folder appeared (about 10 s after a write, 5 s
/// after a flush). `persist()` puts everything on disk first (a snapshot,
/// deleted again); `stop()` (SIGTERM) writes everything too.
public final class VictoriaMetricsServer: LocalDatabaseServer, @unchecked Sendable {
    /// One series of a query or `export` answer.
    public struct Series: Sendable, CustomStringConvertible {
        /// The labels, `__name__` included.
        public var labels: [String: String]
        /// The samples: timestamps in seconds (as the query APIs give them;
        /// `export`'s milliseconds are divided by 1,000) and values.
        public var samples: [(timestampSeconds: Double, value: Double)]

        /// The series' name (`__name__`).
        public var name: String { labels["__name__"] ?? "" }

        public var description: String {
            let labelText = labels.filter { $0.key != "__name__" }.sorted { $0.key < $1.key }
                .map { "\($0.key)=\"\($0.value)\"" }.joined(separator: ",")
            return "\(name){\(labelText)} \(samples.count) samples"
        }
    }

    /// The path of the server binary.
    public static let executable = "/usr/bin/victoria-metrics"

    /// The HTTP port on 127.0.0.1.
    public let port: UInt16
    /// The folder of the storage (and nothing else).
    public let directory: TemporaryDirectory

    /// The storage path given to the server.
    public var storagePath: String { directory.file("storage") }

    /// Starts a server; waits (at most `startTimeoutSeconds`) until it
    /// answers as this server. When another process took the port between
    /// `FreePort` finding it and the server binding it, tries again with
    /// another port (at most five times).
    public init(startTimeoutSeconds: Double = 30) throws {
        let folder = try TemporaryDirectory(prefix: "victoria-metrics")
        let storage = folder.file("storage")
        let started = try DatabaseProcess.startOnFreePorts(ports: { try FreePort.tcp() }) { port in
            try DatabaseProcess(
                name: "VictoriaMetrics", executable: VictoriaMetricsServer.executable, package: "victoria-metrics",
                arguments: [
                    "-storageDataPath=\(storage)", "-httpListenAddr=127.0.0.1:\(port)", "-dedup.minScrapeInterval=1s",
                    "-retentionPeriod=100y", "-search.latencyOffset=0s", "-search.disableCache", "-loggerLevel=WARN",
                ],
                startTimeoutSeconds: startTimeoutSeconds
            ) { VictoriaMetricsServer.isServing(port: port, storagePath: storage) }
        }
        port = started.ports
        directory = folder
        super.init(process: started.process)
    }

    /// Whether the server on `port` is the one with `storagePath`: its
    /// /metrics list its flags with their values.
    static func isServing(port: UInt16, storagePath: String) -> Bool {
        guard let answer = try? LoopbackHTTPClient.request(port: port, target: "/metrics", timeoutSeconds: 2),
            answer.status == 200
        else { return false }
        return answer.text.contains(#"flag{name="storageDataPath", value="\#(storagePath)""#)
    }

    /// `/write?db=<db>`, the InfluxDB line protocol endpoint, without
    /// `precision` (the gateway adds `precision=s`).
    public func writeURL(db: String) -> String {
        "http://127.0.0.1:\(port)/write?db=\(LoopbackHTTPClient.queryValue(db))"
    }

    /// The base URL, `http://127.0.0.1:<port>`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// POSTs line protocol (timestamps in seconds) to `/write`; throws
    /// unless the server answers 204. Returns once acknowledged: see
    /// `flush()` for when it can be read.
    public func write(_ lines: String, db: String, precision: String = "s") throws {
        let target = "/write?" + LoopbackHTTPClient.query([("db", db), ("precision", precision)])
        let answer = try request("POST", target, body: Array(lines.utf8))
        guard answer.status == 204 else { throw TestKitError("VictoriaMetrics /write answered \(answer.status): \(answer.text)") }
    }

    /// Makes every acknowledged write searchable now
    /// (`/internal/force_flush`), instead of within about a second.
    public func flush() throws {
        let answer = try request("GET", "/internal/force_flush")
        guard answer.status == 200 else { throw TestKitError("VictoriaMetrics force_flush answered \(answer.status): \(answer.text)") }
    }

    /// Puts every acknowledged write on disk, so that it survives `kill()`:
    /// creates a snapshot (which flushes everything first) and deletes it.
    public func persist() throws {
        let created = try request("GET", "/snapshot/create")
        guard created.status == 200, let object = try? JSONSerialization.jsonObject(with: Data(created.body)) as? [String: Any],
            let snapshot = object["snapshot"] as? String
        else { throw TestKitError("VictoriaMetrics /snapshot/create answered \(created.status): \(created.text)") }
        let deleted = try request("GET", "/snapshot/delete?" + LoopbackHTTPClient.query([("snapshot", snapshot)]))
        guard deleted.status == 200 else { throw TestKitError("VictoriaMetrics /snapshot/delete answered \(deleted.status): \(deleted.text)") }
    }

    /// An instant query (`/api/v1/query`) at `time` (seconds since 1970;
    /// the server's now when nil). Throws on an HTTP or query error (a
    /// syntax error, an unknown function); a metric nobody wrote gives no
    /// series, not an error.
    public func query(_ promql: String, at time: Double? = nil) throws -> [Series] {
        var pairs = [("query", promql)]
        if let time { pairs.append(("time", Self.seconds(time))) }
        return try seriesAnswer("/api/v1/query", pairs)
    }

    /// A range query (`/api/v1/query_range`) from `start` to `end` (seconds
    /// since 1970) every `stepSeconds`.
    public func queryRange(_ promql: String, start: Double, end: Double, stepSeconds: Double) throws -> [Series] {
        try seriesAnswer(
            "/api/v1/query_range",
            [("query", promql), ("start", Self.seconds(start)), ("end", Self.seconds(end)), ("step", Self.seconds(stepSeconds))])
    }

    /// Every raw sample (after deduplication) of the series `match` selects
    /// (`/api/v1/export`, for example `{__name__=~"tempest_.*"}`), from
    /// `start` to `end` seconds since 1970. The defaults cover everything a
    /// server accepts (export's own default end is now, which would leave
    /// out samples stamped up to two days ahead).
    public func export(match: String, start: Double = 0, end: Double = 4_102_444_800) throws -> [Series] {
        let target = "/api/v1/export?" + LoopbackHTTPClient.query([
            ("match[]", match), ("start", Self.seconds(start)), ("end", Self.seconds(end)),
        ])
        let answer = try request("GET", target)
        guard answer.status == 200 else { throw TestKitError("VictoriaMetrics export \(match) answered \(answer.status): \(answer.text)") }
        return try answer.text.split(separator: "\n").map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let labels = object["metric"] as? [String: String], let values = object["values"] as? [Any],
                let timestamps = object["timestamps"] as? [Any], values.count == timestamps.count
            else { throw TestKitError("VictoriaMetrics export: unexpected line \(line.prefix(300))") }
            let samples = zip(timestamps, values).map { (Self.number($0.0) / 1_000, Self.number($0.1)) }
            return Series(labels: labels, samples: samples)
        }
    }

    /// How many rows the server dropped since it started, by reason
    /// (`big_timestamp`: more than two days ahead; `small_timestamp`: older
    /// than the retention), from its /metrics, which refresh these figures
    /// at most once a second: a drop a moment ago may not be counted yet.
    public func ignoredRows() throws -> [String: Int] {
        let answer = try request("GET", "/metrics")
        var counts: [String: Int] = [:]
        for line in answer.text.split(separator: "\n") where line.hasPrefix("vm_rows_ignored_total{reason=\"") {
            let parts = line.dropFirst("vm_rows_ignored_total{reason=\"".count).split(separator: "\"")
            if let reason = parts.first, let count = line.split(separator: " ").last.flatMap({ Int($0) }) {
                counts[String(reason)] = count
            }
        }
        return counts
    }

    private func request(_ method: String, _ target: String, body: [UInt8] = []) throws -> LoopbackHTTPClient.Response {
        try request(port: port, method, target, body: body)
    }

    private func seriesAnswer(_ path: String, _ pairs: [(String, String)]) throws -> [Series] {
        let target = path + "?" + LoopbackHTTPClient.query(pairs)
        let response = try request("GET", target)
        guard let object = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] else {
            throw TestKitError("VictoriaMetrics \(path) answered \(response.status): \(response.text.prefix(500))")
        }
        guard response.status == 200, object["status"] as? String == "success",
            let data = object["data"] as? [String: Any], let result = data["result"] as? [[String: Any]]
        else {
            throw TestKitError(
                "VictoriaMetrics \(path) \(pairs.first?.1 ?? "") failed (\(response.status)): "
                    + "\(object["error"] as? String ?? response.text.prefix(500).description)")
        }
        return result.map { item in
            let labels = item["metric"] as? [String: String] ?? [:]
            var points: [[Any]] = []
            if let values = item["values"] as? [[Any]] { points = values }
            if let value = item["value"] as? [Any] { points = [value] }
            let samples = points.filter { $0.count == 2 }.map { (Self.number($0[0]), Self.number($0[1])) }
            return Series(labels: labels, samples: samples)
        }
    }

    /// A JSON number, or a number in a JSON string ("21.5", "NaN").
    static func number(_ value: Any) -> Double {
        if let number = value as? NSNumber { return number.doubleValue }
        if let text = value as? String, let number = Double(text) { return number }
        return .nan
    }

    /// Seconds as a query argument, without a needless fraction.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int64(value)) : String(value)
    }
}
