// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import HTTP
import Logging
import Meteorology
import Storage
import SystemSupport
import TempestTestKit
import Testing

@testable import TimeSeriesExport

/// An export against a local stand-in that answers as InfluxDB does:
/// 204 for a good batch, 400 with its words for a bad point, 503 with
/// Retry-After, 404 for a missing database.
@Suite("Influx export against a stand-in")
struct InfluxExportTests {
    static let points = ExportPoints(stationBySerial: [:], defaultStation: "1", zone: try! TimeZoneRules(identifier: "UTC"))

    static func export(_ server: LocalHTTPServer, credentials: InfluxWriteTarget.Credentials = .none, batchSize: Int = 100) -> InfluxExport {
        InfluxExport(
            name: "export 1", target: InfluxWriteTarget(url: server.baseURL + "/write?db=weather", credentials: credentials),
            points: points, batchSize: batchSize, client: HTTPClient(), logger: Logger(label: "test"))
    }

    static func lines(_ count: Int, bad: Set<Int> = []) -> [String] {
        (0..<count).map { index in
            bad.contains(index) ? "tempest_observation,serial=BAD value=oops \(index)" : "tempest_observation,serial=ST-1 air_temperature_c=\(index).5 \(1_000 + index)"
        }
    }

    /// Answers 400 (InfluxDB's words) to a body with a bad point, else 204, recording what it accepted.
    static func influxLike(_ server: LocalHTTPServer, accepted: Locked<[String]>) {
        server.route("/write", method: "POST") { request in
            let body = request.bodyText.split(separator: "\n").map(String.init)
            if body.contains(where: { $0.contains("serial=BAD") }) {
                return .init(status: 400, body: #"{"error":"unable to parse 'tempest_observation,serial=BAD value=oops': invalid number"}"#)
            }
            accepted.withLock { $0 += body }
            return .init(status: 204)
        }
    }

    @Test("batches of at most batch_size points, in order, with seconds precision and a Token header")
    func batchesInOrder() async throws {
        let server = try LocalHTTPServer()
        let accepted = Locked<[String]>([])
        Self.influxLike(server, accepted: accepted)
        let export = Self.export(server, credentials: .token(Secret("tok-123")), batchSize: 4)
        try await export.send(Self.lines(10))
        #expect(accepted.value == Self.lines(10))
        #expect(server.requests.count == 3)
        #expect(server.requests.allSatisfy { $0.queryValue("precision") == "s" && $0.queryValue("db") == "weather" })
        #expect(server.requests.allSatisfy { $0.headers["authorization"] == "Token tok-123" })
        #expect(server.requests.allSatisfy { $0.headers["expect"] == nil })
        #expect(export.sentPointCount == 10)
    }

    @Test("Basic authentication sends the user and the password encoded")
    func basicAuthentication() async throws {
        let server = try LocalHTTPServer()
        server.route("/write", method: "POST", .init(status: 204))
        try await Self.export(server, credentials: .basic(user: "gw", password: Secret("pa:ss"))).send(Self.lines(1))
        // base64("gw:pa:ss")
        #expect(server.requests.first?.headers["authorization"] == "Basic Z3c6cGE6c3M=")
    }

    @Test("a 400 splits the batch until the refused point is alone; it is skipped and every other point arrives")
    func badPointIsFoundAndSkipped() async throws {
        let server = try LocalHTTPServer()
        let accepted = Locked<[String]>([])
        Self.influxLike(server, accepted: accepted)
        let export = Self.export(server, batchSize: 16)
        let lines = Self.lines(16, bad: [5, 11])
        try await export.send(lines)
        #expect(accepted.value == lines.enumerated().filter { ![5, 11].contains($0.offset) }.map(\.element))
        #expect(export.skippedPointCount == 2)
        #expect(export.sentPointCount == 14)
        // Halving 16 points to two single bad ones takes a bounded number of requests.
        #expect(server.requests.count <= 2 * 16)
    }

    @Test("503 with Retry-After, 404 and 401 refuse the whole batch for later, skipping nothing")
    func wholeBatchRefusals() async throws {
        let server = try LocalHTTPServer()
        server.route(
            "/write", method: "POST",
            responses: [
                .init(status: 503, headers: [("Retry-After", "7")], body: "overloaded"),
                .init(status: 404, body: #"{"error":"database not found: \"weather\""}"#),
                .init(status: 401, body: #"{"error":"authorization failed"}"#),
            ])
        let export = Self.export(server)
        for expected in [503, 404, 401] {
            do {
                try await export.send(Self.lines(3))
                Issue.record("HTTP \(expected) was taken as delivered")
            } catch let error as ExportError {
                #expect(error.code == .refused(statusCode: expected))
                #expect(error.retryAfterSeconds == (expected == 503 ? 7 : nil))
                if expected == 404 { #expect(error.description.contains("database not found")) }
            }
        }
        #expect(export.skippedPointCount == 0)
        #expect(export.sentPointCount == 0)
    }

    @Test("a database that does not answer is unreachable, within the request's time limit")
    func unreachable() async throws {
        let port = try FreePort.tcp()
        let export = InfluxExport(
            name: "export 1", target: InfluxWriteTarget(url: "http://127.0.0.1:\(port)/write", credentials: .none),
            points: Self.points, batchSize: 10, client: HTTPClient(), logger: Logger(label: "test"))
        await #expect(throws: ExportError.self) { try await export.send(Self.lines(1)) }
    }

    @Test("journal entries become the stored rows' points; a day's summary changed many times is sent once")
    func entriesFromTheStore() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("export.db")
        var configuration = StoreWriterConfiguration()
        configuration.keepsCommitJournal = true
        let writer = try StoreWriter(path: path, configuration: configuration)
        var observation = ObservationRecord(serial: "ST-00000001", timestamp: 86_400, kind: .tempest, source: .udp)
        observation.airTemperatureCelsius = 12.5
        var summary = DailySummaryRecord(serial: "ST-00000001", localDate: "1970-01-02", updatedAt: 86_400)
        try writer.submit([.observation(observation), .dailySummary(summary)])
        summary.rainMillimeters = 2
        try writer.submit([
            .dailySummary(summary), .lightningStrike(LightningStrikeRecord(serial: "ST-00000001", timestamp: 86_410, distanceKilometers: 5, energy: 9)),
            .rainStart(RainStartRecord(serial: "ST-00000001", timestamp: 86_420)),
        ])
        try await writer.flush()
        writer.shutdown()
        let store = try Store(readOnlyPath: path)
        let entries = try store.journalEntries(after: 0, limit: 100)
        #expect(entries.map(\.kind) == [.observation, .dailySummary, .dailySummary, .lightningStrike, .rainStart])
        let server = try LocalHTTPServer()
        var summaries: [String: String] = [:]
        let lines = try Self.export(server).lines(for: entries, from: store, summaries: &summaries)
        #expect(
            lines == [
                "tempest_observation,device_type=tempest,serial=ST-00000001,source=udp,station=1 air_temperature_c=12.5 86400",
                "tempest_daily_summary,device_type=tempest,serial=ST-00000001,station=1 rain_mm=2.0,rain_minutes=0.0,strike_count=0.0 86400",
                "tempest_lightning_strike,device_type=tempest,serial=ST-00000001,station=1 distance_km=5.0,energy=9.0 86410",
                "tempest_rain_start,device_type=tempest,serial=ST-00000001,station=1 rain_start=1.0 86420",
            ])
        // The same facts by time, as a backfill reads them.
        #expect(try Self.export(server).storedLines(86_400..<86_500, from: store).sorted() == lines.sorted())
    }

    @Test("a value the quality checks judged bad is left out of the points, a suspect one is sent; the store keeps it raw")
    func badValuesAreLeftOut() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("quality.db")
        var configuration = StoreWriterConfiguration()
        configuration.keepsCommitJournal = true
        let writer = try StoreWriter(path: path, configuration: configuration)
        var observation = ObservationRecord(serial: "ST-00000001", timestamp: 86_400, kind: .tempest, source: .udp)
        observation.airTemperatureCelsius = 0
        observation.relativeHumidityPercent = 55
        try writer.submit([
            .observation(observation),
            .verdict(ObservationVerdictRecord(serial: "ST-00000001", timestamp: 86_400, field: "air_temperature", verdict: "bad", reason: "sensor_failed")),
            .verdict(ObservationVerdictRecord(serial: "ST-00000001", timestamp: 86_400, field: "relative_humidity", verdict: "suspect", reason: "stuck")),
        ])
        try await writer.flush()
        writer.shutdown()
        let store = try Store(readOnlyPath: path)
        let server = try LocalHTTPServer()
        var summaries: [String: String] = [:]
        let lines = try Self.export(server).lines(for: try store.journalEntries(after: 0, limit: 100), from: store, summaries: &summaries)
        #expect(lines == ["tempest_observation,device_type=tempest,serial=ST-00000001,source=udp,station=1 relative_humidity_percent=55.0 86400"])
        #expect(try Self.export(server).storedLines(86_400..<86_500, from: store) == lines)
        #expect(try store.observation(serial: "ST-00000001", timestamp: 86_400)?.airTemperatureCelsius == 0)
    }

    @Test("a daily summary written again unchanged is not sent again once delivered; a change is, and a failed delivery forgets nothing")
    func unchangedSummariesAreNotResent() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("summaries.db")
        var configuration = StoreWriterConfiguration()
        configuration.keepsCommitJournal = true
        let writer = try StoreWriter(path: path, configuration: configuration)
        var summary = DailySummaryRecord(serial: "ST-00000001", localDate: "1970-01-02", updatedAt: 86_400)
        summary.rainMillimeters = 1
        try writer.submit([.dailySummary(summary)])
        summary.updatedAt = 86_460
        try writer.submit([.dailySummary(summary)])
        summary.updatedAt = 86_520
        summary.rainMillimeters = 2
        try writer.submit([.dailySummary(summary)])
        try await writer.flush()
        writer.shutdown()
        let store = try Store(readOnlyPath: path)
        let entries = try store.journalEntries(after: 0, limit: 100)
        #expect(entries.count == 3)

        let server = try LocalHTTPServer()
        let isUp = Locked(false)
        let accepted = Locked<[String]>([])
        server.route("/write", method: "POST") { request in
            guard isUp.value else { return .init(status: 503, body: "down") }
            accepted.withLock { $0 += request.bodyText.split(separator: "\n").map(String.init) }
            return .init(status: 204)
        }
        let export = Self.export(server)
        // The first entry alone, while the database is down: nothing is noted as delivered.
        await #expect(throws: ExportError.self) { try await export.deliver([entries[0]], from: store) }
        isUp.withLock { $0 = true }
        // Each entry reads the row as it is now (rain 2): sent once, then no more while unchanged.
        try await export.deliver([entries[0]], from: store)
        try await export.deliver([entries[1]], from: store)
        try await export.deliver(entries, from: store)
        #expect(accepted.value == ["tempest_daily_summary,device_type=tempest,serial=ST-00000001,station=1 rain_mm=2.0,rain_minutes=0.0,strike_count=0.0 86520"])
    }

    @Test("3-second wind is journaled only when a destination asks, and sent only by the one that asks")
    func rapidWindOnlyWhenAsked() async throws {
        let directory = try TemporaryDirectory()
        let sample = RapidWindRecord(serial: "ST-00000001", timestamp: 86_403, speedMetersPerSecond: 2.5, directionDegrees: 90)
        func journal(rapidWind: Bool) async throws -> (Store, [JournalEntry]) {
            let path = directory.file("wind-\(rapidWind).db")
            var configuration = StoreWriterConfiguration()
            configuration.keepsCommitJournal = true
            configuration.journalsRapidWind = rapidWind
            let writer = try StoreWriter(path: path, configuration: configuration)
            try writer.submit([.rapidWind(sample)])
            try await writer.flush()
            writer.shutdown()
            let store = try Store(readOnlyPath: path)
            return (store, try store.journalEntries(after: 0, limit: 10))
        }
        #expect(try await journal(rapidWind: false).1.isEmpty)
        let (store, entries) = try await journal(rapidWind: true)
        #expect(entries.map(\.kind) == [.rapidWind])
        let server = try LocalHTTPServer()
        var summaries: [String: String] = [:]
        let without = try Self.export(server).lines(for: entries, from: store, summaries: &summaries)
        #expect(without.isEmpty)
        let with = InfluxExport(
            name: "export 2", target: InfluxWriteTarget(url: server.baseURL + "/write", credentials: .none), points: Self.points,
            batchSize: 10, sendsRapidWind: true, client: HTTPClient(), logger: Logger(label: "test"))
        #expect(
            try with.lines(for: entries, from: store, summaries: &summaries)
                == ["tempest_rapid_wind,device_type=tempest,serial=ST-00000001,station=1 wind_speed_m_s=2.5,wind_direction_deg=90.0 86403"])
        #expect(try with.storedLines(86_400..<86_500, from: store).contains { $0.hasPrefix("tempest_rapid_wind,") })
        #expect(try Self.export(server).storedLines(86_400..<86_500, from: store).isEmpty)
    }
}
