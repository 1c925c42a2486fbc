// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Testing
import TempestTestKit

/// The test kit's VictoriaMetrics: what the export tests rely on, checked
/// against the real server (line protocol in, the same samples out by query,
/// range query and export; deduplication; what survives a kill).
@Suite("test kit VictoriaMetrics")
struct VictoriaMetricsServerTests {
    /// 2024-07-13 06:00 UTC, the sample day's start: more than two years
    /// before the tests' clock, outside VictoriaMetrics' default retention.
    static let dayStart = 1_720_850_400

    static let lines = """
        tempest_observation,station=1,serial=ST-00000001,device_type=tempest,source=udp air_temperature_c=21.5,wind_avg_m_s=1.25 \(dayStart)
        tempest_observation,station=1,serial=ST-00000001,device_type=tempest,source=udp air_temperature_c=22,wind_avg_m_s=2.5 \(dayStart + 60)
        tempest_observation,station=2,serial=ST-00000002,device_type=tempest,source=udp air_temperature_c=-3.75 \(dayStart + 60)

        """

    @Test("line protocol POSTed to /write is read back by query, query_range and export, with the tags as labels")
    func roundTrip() throws {
        let server = try VictoriaMetricsServer()
        #expect(server.writeURL(db: "weather") == "http://127.0.0.1:\(server.port)/write?db=weather")
        try server.write(Self.lines, db: "weather")
        try server.flush()

        let instant = try server.query(#"tempest_observation_air_temperature_c{station="1"}"#, at: Double(Self.dayStart + 60))
        #expect(instant.count == 1)
        #expect(instant.first?.samples.map(\.value) == [22])
        #expect(
            instant.first?.labels == [
                "__name__": "tempest_observation_air_temperature_c", "station": "1", "serial": "ST-00000001",
                "device_type": "tempest", "source": "udp", "db": "weather",
            ])

        let range = try server.queryRange(
            "tempest_observation_air_temperature_c", start: Double(Self.dayStart), end: Double(Self.dayStart + 60), stepSeconds: 60)
        let byStation = Dictionary(uniqueKeysWithValues: range.map { ($0.labels["station"] ?? "", $0) })
        #expect(byStation["1"]?.samples.map(\.value) == [21.5, 22])
        #expect(byStation["1"]?.samples.map(\.timestampSeconds) == [Double(Self.dayStart), Double(Self.dayStart + 60)])
        #expect(byStation["2"]?.samples.map(\.value) == [-3.75])

        let exported = try server.export(match: #"{__name__=~"tempest_observation_.*"}"#)
        #expect(exported.count == 3, "\(exported)")
        let wind = exported.first { $0.name == "tempest_observation_wind_avg_m_s" }
        #expect(wind?.samples.map(\.timestampSeconds) == [Double(Self.dayStart), Double(Self.dayStart + 60)])
        #expect(wind?.samples.map(\.value) == [1.25, 2.5])
    }

    @Test("the same series and second written twice is one sample in export")
    func deduplication() throws {
        let server = try VictoriaMetricsServer()
        let line = "tempest_daily_summary,station=1,serial=ST-00000001,device_type=tempest rain_mm="
        try server.write(line + "1.5 \(Self.dayStart)\n", db: "weather")
        try server.write(line + "2.5 \(Self.dayStart)\n", db: "weather")
        try server.write(line + "0.25 \(Self.dayStart + 86_400)\n", db: "weather")
        try server.flush()
        let exported = try server.export(match: "tempest_daily_summary_rain_mm")
        #expect(exported.count == 1)
        let samples = exported.first?.samples ?? []
        #expect(samples.map(\.timestampSeconds) == [Double(Self.dayStart), Double(Self.dayStart + 86_400)])
        // Which of the two values stays is the server's choice (1.79 kept
        // the last written; later releases keep the largest): one of them.
        #expect([1.5, 2.5].contains(samples.first?.value ?? 0))
        #expect(samples.last?.value == 0.25)
    }

    @Test("what was persisted survives SIGKILL, what was acknowledged survives SIGTERM; start() comes back on the same port")
    func killAndRestart() throws {
        let server = try VictoriaMetricsServer()
        let port = server.port
        try server.write(Self.lines, db: "weather")
        try server.persist()
        server.kill()
        #expect(!server.isRunning)
        #expect(throws: TestKitError.self) { try server.query("up") }
        try server.start()
        #expect(server.port == port)
        #expect(try server.export(match: #"{__name__=~"tempest_.*"}"#).map(\.samples.count).reduce(0, +) == 5)

        let later = "tempest_lightning_strike,station=1,serial=ST-00000001,device_type=tempest,source=udp distance_km=12 \(Self.dayStart + 120)\n"
        try server.write(later, db: "weather")
        server.stop()
        try server.start()
        #expect(try server.export(match: "tempest_lightning_strike_distance_km").first?.samples.map(\.value) == [12])
    }

    @Test("a query error throws; a metric nobody wrote is no series")
    func queryErrors() throws {
        let server = try VictoriaMetricsServer()
        try server.write(Self.lines, db: "weather")
        try server.flush()
        #expect(throws: TestKitError.self) { try server.query("sum_over_tme(tempest_observation_air_temperature_c[1h])") }
        #expect(throws: TestKitError.self) { try server.queryRange("rate(", start: 0, end: 60, stepSeconds: 60) }
        let missing = try server.queryRange(
            "tempest_observation_air_temperature", start: Double(Self.dayStart), end: Double(Self.dayStart + 60), stepSeconds: 60)
        #expect(missing.isEmpty)
    }

    @Test("samples more than two days ahead are dropped with 204 and counted; 1970 is inside 100 years' retention")
    func timestampLimits() throws {
        let server = try VictoriaMetricsServer()
        let now = Int(Date().timeIntervalSince1970)
        try server.write(
            "limits value=1 \(now + 3 * 86_400)\nlimits value=2 \(now + 86_400)\nlimits value=3 60\n", db: "weather")
        try server.flush()
        #expect(try server.export(match: "limits_value").first?.samples.map(\.value) == [3, 2])
        // /metrics refreshes the storage's figures at most once a second.
        var ignored: [String: Int] = [:]
        for _ in 0..<50 {
            ignored = try server.ignoredRows()
            if ignored["big_timestamp", default: 0] > 0 { break }
            usleep(100_000)
        }
        #expect(ignored["big_timestamp"] == 1, "\(ignored)")
        #expect(server.log.contains("too big timestamp"))
    }

    @Test("a restart whose port another process took fails instead of passing for started")
    func portTakenWhileStopped() throws {
        let server = try VictoriaMetricsServer()
        server.stop()
        let other = try OccupiedPort(server.port)
        #expect(throws: TestKitError.self) { try server.start() }
        withExtendedLifetime(other) {}
    }
}
