// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import TempestTestKit
import Testing

/// Issue #45's fleet, with the real engines from Debian: two gateways with
/// different stations replaying the sample day into one VictoriaMetrics,
/// the database stopped for a minute in the middle and a gateway SIGKILLed
/// once; then every stored observation is there once per series and
/// timestamp, and every query of the Grafana dashboard returns data. The
/// same against InfluxDB 1.6 with `SELECT count(*)`.
@Suite("fleet export to real databases", .serialized)
struct FleetExportTests {
    /// The distinct timestamps of every observation field of `station` in `victoria`.
    static func exportedTimestamps(_ victoria: VictoriaMetricsServer, station: Int) throws -> (distinct: Set<Int64>, samplesPerSeries: [String: Int]) {
        let series = try victoria.export(match: #"{__name__=~"tempest_observation_.*",station="\#(station)"}"#)
        var distinct = Set<Int64>()
        var perSeries: [String: Int] = [:]
        for one in series {
            let stamps = one.samples.map { Int64($0.timestampSeconds) }
            distinct.formUnion(stamps)
            perSeries[one.name + " " + (one.labels["serial"] ?? "")] = stamps.count
            // Once per series and timestamp: no doubles after the outage and the kill.
            #expect(Set(stamps).count == stamps.count, "\(one.name) of station \(station) holds a timestamp twice")
        }
        return (distinct, perSeries)
    }

    @Test("two gateways into one VictoriaMetrics through a minute's outage and a SIGKILL: every stored observation once, and the dashboard's queries answer")
    func twoGatewaysIntoVictoriaMetrics() throws {
        let victoria = try VictoriaMetricsServer()
        defer { victoria.stop() }
        let url = victoria.writeURL(db: "weather")
        let first = try ExportedGateway(stationID: 1, serial: "ST-00054321", hubSerial: "HB-00012345", exportURL: url)
        let second = try ExportedGateway(stationID: 2, serial: "ST-00054322", hubSerial: "HB-00012346", exportURL: url)
        defer {
            first.stop()
            second.stop()
        }
        // The whole day at 3,600 times real time: 24 seconds.
        let replays = [try first.replay(try first.sampleDay(), speed: 3_600), try second.replay(try second.sampleDay(), speed: 3_600)]
        sleep(6)
        victoria.stop()
        let stoppedAt = Date()
        sleep(4)
        try first.killAndRestart()
        for replay in replays { #expect(try replay.wait(timeoutSeconds: 60).status == 0) }
        // Stopped for a minute: the gateways hold what they stored meanwhile.
        #expect((try first.exportStatus()?["state"] as? String) == "failing")
        let downFor = 60 - Date().timeIntervalSince(stoppedAt)
        if downFor > 0 { usleep(UInt32(downFor * 1_000_000)) }
        try victoria.start()

        for gateway in [first, second] {
            let status = try gateway.waitUntilExported(timeoutSeconds: 420)
            #expect(status?["state"] as? String == "current", "station \(gateway.stationID): \(status ?? [:])")
            #expect(status?["points_skipped"] as? Int == 0)
        }
        try victoria.flush()
        for gateway in [first, second] {
            let stored = try gateway.storedObservationTimestamps()
            #expect(stored.count > 1_000, "station \(gateway.stationID) stored only \(stored.count)")
            let exported = try Self.exportedTimestamps(victoria, station: gateway.stationID)
            // The criterion: distinct observation timestamps per station equal the gateway's stored observations.
            #expect(exported.distinct.count == stored.count)
            #expect(exported.distinct == Set(stored))
            #expect(exported.samplesPerSeries["tempest_observation_air_temperature_c \(gateway.serial)"] == stored.count)
        }
        // The second station's day is whole; the first lost what arrived while it was killed, and only that.
        #expect(try second.storedObservationTimestamps().count == 1_440)

        try Self.checkDashboard(victoria)
    }

    /// Every query and variable of packaging/grafana/tempest-gateway.json
    /// returns data from what the gateways exported, for each station.
    static func checkDashboard(_ victoria: VictoriaMetricsServer) throws {
        let dashboard = try GrafanaDashboardTests.dashboard()
        let targets = GrafanaDashboardTests.targets(in: dashboard)
        #expect(targets.count >= 15, "the dashboard has only \(targets.count) queries")
        let start = 1_720_850_400.0
        let end = start + 86_400
        for station in ["1", "2"] {
            for target in targets {
                let expression = GrafanaDashboardTests.substituted(target.expression, station: station, rangeSeconds: end - start)
                #expect(!expression.contains("$"), "\(target.panel): a variable is left in \(expression)")
                do {
                    let series = try victoria.queryRange(expression, start: start, end: end, stepSeconds: 300)
                    let withData = series.filter { $0.samples.contains { !$0.value.isNaN } }
                    #expect(!withData.isEmpty, "\(target.panel): \(expression) returned no data")
                    #expect(withData.allSatisfy { $0.labels["station"] == station }, "\(target.panel): other stations in \(expression)")
                } catch {
                    Issue.record("\(target.panel): \(expression) failed: \(error)")
                }
            }
        }
        for variable in GrafanaDashboardTests.queryVariables(in: dashboard) {
            let values = try GrafanaDashboardTests.labelValues(variable.query, station: "1", in: victoria, start: start, end: end)
            #expect(values == (variable.name == "station" ? ["1", "2"] : ["ST-00054321"]), "\(variable.name): \(values)")
        }
    }

    @Test("one gateway into InfluxDB 1.6 through a stop and a SIGKILL: SELECT count(*) equals the stored observations")
    func gatewayIntoInfluxDB() throws {
        let influx = try InfluxDBServer()
        defer { influx.stop() }
        try influx.createDatabase("weather")
        let gateway = try ExportedGateway(stationID: 7, serial: "ST-00054321", hubSerial: "HB-00012345", exportURL: influx.writeURL(db: "weather"))
        defer { gateway.stop() }
        // Six hours of the day at 3,600 times real time.
        let replay = try gateway.replay(try gateway.sampleDay(lines: 10_000), speed: 3_600)
        sleep(2)
        influx.stop()
        sleep(1)
        try gateway.killAndRestart()
        #expect(try replay.wait(timeoutSeconds: 60).status == 0)
        sleep(5)
        try influx.start()
        let status = try gateway.waitUntilExported(timeoutSeconds: 300)
        #expect(status?["state"] as? String == "current", "\(status ?? [:])")
        let stored = try gateway.storedObservationTimestamps()
        #expect(stored.count > 200)
        let counted = try influx.series(#"SELECT count(air_temperature_c) FROM tempest_observation WHERE station = '7'"#, db: "weather")
        #expect(
            counted.first?.numbers("count").first.flatMap { $0 }.map { Int($0) } == stored.count,
            "status \(status ?? [:]); gateway log: \(gateway.log)")
        let distinct = try influx.series(#"SELECT air_temperature_c FROM tempest_observation WHERE station = '7'"#, db: "weather")
        let times = distinct.first?.values.compactMap { ($0.first as? NSNumber)?.int64Value } ?? []
        #expect(Set(times) == Set(stored))
    }
}
