// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Testing
import TempestTestKit

/// The test kit's InfluxDB 1.x: line protocol in, the same points out by
/// InfluxQL; what was acknowledged survives a kill; a point written again
/// replaces its values; Basic authentication when asked for.
@Suite("test kit InfluxDB")
struct InfluxDBServerTests {
    static let dayStart = VictoriaMetricsServerTests.dayStart
    static let lines = VictoriaMetricsServerTests.lines

    @Test("points POSTed to /write are read back by InfluxQL and survive SIGKILL and a restart on the same ports")
    func roundTripAndKill() throws {
        let server = try InfluxDBServer()
        #expect(server.writeURL(db: "weather") == "http://127.0.0.1:\(server.port)/write?db=weather&precision=s")
        #expect(server.rpcPort != 8088 && server.rpcPort != server.port)
        try server.createDatabase("weather")
        try server.write(Self.lines, db: "weather")

        let query = "SELECT air_temperature_c, wind_avg_m_s FROM tempest_observation GROUP BY station"
        func check() throws {
            let series = try server.series(query, db: "weather")
            let byStation = Dictionary(uniqueKeysWithValues: series.map { ($0.tags["station"] ?? "", $0) })
            #expect(byStation["1"]?.numbers("time") == [Double(Self.dayStart), Double(Self.dayStart + 60)])
            #expect(byStation["1"]?.numbers("air_temperature_c") == [21.5, 22])
            #expect(byStation["1"]?.numbers("wind_avg_m_s") == [1.25, 2.5])
            #expect(byStation["2"]?.numbers("air_temperature_c") == [-3.75])
            #expect(byStation["2"]?.numbers("wind_avg_m_s") == [nil])
        }
        try check()
        // Acknowledged is on disk: no flush, no wait.
        server.kill()
        #expect(throws: TestKitError.self) { try server.query("SHOW DATABASES") }
        try server.start()
        try check()
        server.stop()
        try server.start()
        try check()
    }

    @Test("a point written again with the same series and timestamp replaces its value")
    func overwrite() throws {
        let server = try InfluxDBServer()
        try server.createDatabase("weather")
        let line = "tempest_daily_summary,station=1,serial=ST-00000001,device_type=tempest rain_mm="
        try server.write(line + "1.5 \(Self.dayStart)\n", db: "weather")
        try server.write(line + "2.5 \(Self.dayStart)\n", db: "weather")
        let series = try server.series("SELECT rain_mm FROM tempest_daily_summary", db: "weather")
        #expect(series.count == 1)
        #expect(series.first?.numbers("rain_mm") == [2.5])
    }

    @Test("an InfluxQL error throws")
    func queryError() throws {
        let server = try InfluxDBServer()
        try server.createDatabase("weather")
        #expect(throws: TestKitError.self) { try server.query("SELEC * FROM tempest_observation", db: "weather") }
        #expect(throws: TestKitError.self) { try server.query("SELECT * FROM tempest_observation", db: "nothing") }
    }

    @Test("with an administrator, writes without credentials are refused with 401 and Basic credentials are accepted")
    func authentication() throws {
        let administrator = LoopbackHTTPClient.BasicCredentials(user: "admin", password: "s3cret pass'word")
        let server = try InfluxDBServer(administrator: administrator)
        try server.createDatabase("weather")
        let target = "/write?db=weather&precision=s"
        let body = Array(Self.lines.utf8)
        let anonymous = try LoopbackHTTPClient.request(port: server.port, method: "POST", target: target, body: body)
        #expect(anonymous.status == 401)
        let wrong = try LoopbackHTTPClient.request(
            port: server.port, method: "POST", target: target, body: body,
            credentials: .init(user: "admin", password: "wrong"))
        #expect(wrong.status == 401)
        let accepted = try LoopbackHTTPClient.request(
            port: server.port, method: "POST", target: target, body: body, credentials: administrator)
        #expect(accepted.status == 204)
        #expect(try server.series("SELECT count(air_temperature_c) FROM tempest_observation", db: "weather").first?.numbers("count") == [3])
    }

    @Test("a restart whose port another process took fails instead of passing for started")
    func portTakenWhileStopped() throws {
        let server = try InfluxDBServer()
        server.stop()
        let other = try OccupiedPort(server.port)
        #expect(throws: TestKitError.self) { try server.start() }
        withExtendedLifetime(other) {}
    }
}
