// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Storage
import TempestTestKit
import Testing

@testable import CloudFollowing
@testable import Forecasting
@testable import Gateway
@testable import GatewayCore
@testable import GatewayStatus
@testable import MQTTSink
@testable import Pipeline
@testable import WebPage

/// `run` with a WeatherFlow token: holes in the stored observations are
/// filled from REST, and REST stands in while UDP is quiet. The local server
/// plays the cloud, answering each time window with the rows it holds.
@Suite("REST fallback and backfill", .serialized)
struct CloudFallbackTests {
    let serial = "ST-00054321"  // in RESTFixtures.stations, cloud device 211522
    let rainPerMinute = 0.1

    func tokenFile(_ directory: TemporaryDirectory) throws -> String {
        let path = directory.file("token")
        try "cloud-secret-456\n".write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o600)
        return path
    }

    func datagram(_ time: Int64) -> String {
        #"{"serial_number":"\#(serial)","type":"obs_st","hub_sn":"HB-00012345","obs":[[\#(time),0.5,1.2,2.4,180,3,795.2,12.5,40,20000,1.5,300,\#(rainPerMinute),1,0,0,2.61,1]],"firmware_revision":176}"#
    }

    /// A cloud holding one row a minute at `times`, answering the requested window.
    func cloud(rowsAt times: [Int64]) throws -> LocalHTTPServer {
        let server = try LocalHTTPServer()
        server.route("/stations", .init(body: RESTFixtures.stations))
        let rain = rainPerMinute
        server.route("/observations/device/211522") { request in
            let start = Int64(request.queryValue("time_start") ?? "") ?? .min
            let end = Int64(request.queryValue("time_end") ?? "") ?? .max
            return .init(body: RESTFixtures.deviceObservations(times.filter { $0 >= start && $0 <= end }, rainMillimeters: rain))
        }
        return server
    }

    @Test("a 20-minute UDP silence is filled from REST, REST stands in when UDP stops, and no minute counts twice")
    func silenceFilledOnce() throws {
        let directory = try TemporaryDirectory()
        let database = directory.file("g.db")
        let now = Int64(Date().timeIntervalSince1970)
        let first = now / 60 * 60 - 40 * 60
        let minutes = (0..<41).map { first + Int64($0) * 60 }  // the last one only the cloud has
        let server = try cloud(rowsAt: minutes)
        let heard = Array(minutes[0..<10]) + Array(minutes[30..<40])
        let replayFile = directory.file("udp.jsonl")
        try (heard.map(datagram).joined(separator: "\n") + "\n").write(toFile: replayFile, atomically: true, encoding: .utf8)

        let port = try FreePort.udp()
        let gateway = try ChildProcess(
            executable: Gateway.path,
            arguments: [
                "run", "--database", database, "--udp-address", "127.0.0.1", "--udp-port", String(port), "--print", "none",
                "--no-mqtt", "--timezone", "UTC", "--token-file", try tokenFile(directory), "--weatherflow-api", server.baseURL,
                "--fallback-after-test-seconds", "10", "--backfill-days", "1", "--cloud-interval-seconds", "0.5",
            ])
        try gateway.start()
        #expect(gateway.waitFor(timeoutSeconds: 20) { $0.standardErrorSoFar.contains("Listening") })
        let replay = try Gateway.run(["replay", replayFile, "--speed", "36000", "--to", "127.0.0.1:\(port)"])
        #expect(replay.status == 0)

        // Bounded wait: every minute stored, the last one from REST once UDP went quiet.
        var stored: [ObservationRecord] = []
        for _ in 0..<150 {
            usleep(200_000)
            if let store = try? Store(readOnlyPath: database),
                let rows = try? store.observations(serial: serial, from: 0, to: .max), rows.count == minutes.count
            {
                stored = rows
                break
            }
        }
        #expect(stored.map(\.timestamp) == minutes)
        let sources = Dictionary(stored.map { ($0.timestamp, $0.source) }, uniquingKeysWith: { first, _ in first })
        for (index, minute) in minutes.enumerated() {
            let expected: ObservationRecord.Source = index < 10 || (30..<40).contains(index) ? .udp : index < 30 ? .backfill : .rest
            #expect(sources[minute] == expected, "minute \(index)")
        }

        let status = try Gateway.run(["status", "--json", "--database", database])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8)) as? [String: Any])
        let cloud = try #require(report["weatherflow_cloud"] as? [String: Any])
        #expect(cloud["station_id"] as? Int == 98765)
        let device = try #require((cloud["devices"] as? [String: Any])?[serial] as? [String: Any])
        #expect(device["mode"] as? String == "rest")
        #expect(device["backfilled_rows"] as? Int == 20)
        #expect(device["rest_rows"] as? Int == 1)
        let text = try Gateway.run(["status", "--database", database])
        #expect(text.standardOutput.contains("Device \(serial): UDP quiet, polling REST"))

        gateway.send(signal: SIGTERM)
        let result = try gateway.wait(timeoutSeconds: 30)
        #expect(result.status == 0)
        #expect(result.standardError.contains("polling the WeatherFlow REST API"))
        #expect(!result.standardError.contains("cloud-secret-456"))
        #expect(server.requests.allSatisfy { !$0.target.contains("cloud-secret-456") })

        // Daily rain counts each minute once, across the UDP, backfill and REST rows.
        let store = try Store(readOnlyPath: database)
        var rain = 0.0
        for date in Set(minutes.map { ISO8601DateFormatter.utcDate($0) }) {
            rain += try store.dailySummary(serial: serial, localDate: date)?.rainMillimeters ?? 0
        }
        #expect(abs(rain - Double(minutes.count) * rainPerMinute) < 0.000_001)
    }

    @Test("a rejected token is reported by status and logged once, and the gateway keeps running")
    func rejectedToken() throws {
        let directory = try TemporaryDirectory()
        let database = directory.file("g.db")
        let server = try LocalHTTPServer()
        server.route("/stations", .init(status: 401, body: RESTFixtures.unauthorized))
        let port = try FreePort.udp()
        let gateway = try ChildProcess(
            executable: Gateway.path,
            arguments: [
                "run", "--database", database, "--udp-address", "127.0.0.1", "--udp-port", String(port), "--print", "none",
                "--no-mqtt", "--token-file", try tokenFile(directory), "--weatherflow-api", server.baseURL,
                "--cloud-interval-seconds", "0.2",
            ])
        try gateway.start()
        #expect(gateway.waitFor(timeoutSeconds: 20) { $0.standardErrorSoFar.contains("token was rejected") })
        usleep(1_000_000)
        let status = try Gateway.run(["status", "--database", database])
        #expect(status.standardOutput.contains("Last cloud error"))
        #expect(status.standardOutput.contains("token was rejected"))
        gateway.send(signal: SIGTERM)
        let result = try gateway.wait(timeoutSeconds: 30)
        #expect(result.status == 0)
        #expect(result.standardError.components(separatedBy: "token was rejected").count == 2, "logged once")
        #expect(server.requests.count >= 3, "it kept asking")
    }

    @Test("the cloud's RainCheck rain is published beside the station's own, with its Home Assistant entity, and shown by status")
    func rainCheck() throws {
        let directory = try TemporaryDirectory()
        let database = directory.file("g.db")
        let server = try cloud(rowsAt: [])
        // RESTFixtures.stationObservation: 1.25 mm today as measured, 1.5 mm after RainCheck.
        server.route("/observations/station/98765", .init(body: RESTFixtures.stationObservation))
        let broker = try MosquittoBroker()
        let port = try FreePort.udp()
        let gateway = try ChildProcess(
            executable: Gateway.path,
            arguments: [
                "run", "--database", database, "--udp-address", "127.0.0.1", "--udp-port", String(port), "--print", "none",
                "--mqtt-host", "127.0.0.1", "--mqtt-port", String(broker.port), "--units", "imperial",
                "--token-file", try tokenFile(directory), "--weatherflow-api", server.baseURL, "--cloud-interval-seconds", "0.3",
            ])
        try gateway.start()
        #expect(gateway.waitFor(timeoutSeconds: 20) { $0.standardErrorSoFar.contains("Listening") })
        // One broadcast, so that the Tempest is announced to Home Assistant.
        let replayFile = directory.file("udp.jsonl")
        try (datagram(Int64(Date().timeIntervalSince1970) / 60 * 60) + "\n").write(toFile: replayFile, atomically: true, encoding: .utf8)
        #expect(try Gateway.run(["replay", replayFile, "--to", "127.0.0.1:\(port)"]).status == 0)

        func retained(_ topic: String) throws -> String {
            try ChildProcess.run(
                executable: "/usr/bin/mosquitto_sub",
                arguments: ["-h", "127.0.0.1", "-p", String(broker.port), "-t", topic, "-C", "1", "-W", "10"]
            ).standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        // 1.5 mm in inches, as the imperial rain unit publishes it.
        let expectedInches = 1.5 / 25.4
        let published = try retained("tempest/\(serial)/rain_today_raincheck")
        #expect(abs((Double(published) ?? -1) - expectedInches) < 0.005, "published \(published)")
        let config = try retained("homeassistant/sensor/\(serial)/rain_today_raincheck/config")
        #expect(config.contains(#""state_topic":"tempest/\#(serial)/rain_today_raincheck""#))
        #expect(config.contains(#""device_class":"precipitation""#))
        #expect(config.contains(#""name":"Rain today (NearCast final)""#))
        // The gauge's own rain keeps its plain name in mode udp.
        #expect(try retained("homeassistant/sensor/\(serial)/rain_today/config").contains(#""name":"Rain today","#))

        let status = try Gateway.run(["status", "--database", database])
        #expect(status.standardOutput.contains("Rain today after RainCheck, from the cloud: 1.5 millimetres"))
        gateway.send(signal: SIGTERM)
        #expect(try gateway.wait(timeoutSeconds: 30).status == 0)

        // Kept beside the daily summaries, dated in the station's day (the
        // system zone here): today's 1.5 mm (the cloud sent no figure for
        // yesterday), never added to the gauge's own 0.1 mm.
        let store = try Store(path: database)
        let days = try store.cloudRainDays(serial: serial)
        #expect(days.map(\.nearCastRainMillimeters) == [1.5], "\(days)")
        let summaries = try (days.first?.localDate).map { try store.dailySummary(serial: serial, localDate: $0) }
        #expect(summaries??.rainMillimeters == rainPerMinute)
    }

    @Test("holes are the spans between stored rows longer than the limit, newest first; the open end is not one")
    func holes() {
        let rows: [Int64] = [1_000, 1_060, 1_120, 1_600, 1_660, 2_000]
        #expect(ObservationGaps.find(sortedTimestamps: rows, from: 900, to: 3_000, minimumSeconds: 120) == [1_661...1_999, 1_121...1_599])
        #expect(ObservationGaps.find(sortedTimestamps: rows, from: 700, to: 3_000, minimumSeconds: 120).last == 700...999)
        #expect(ObservationGaps.find(sortedTimestamps: rows, from: 900, to: 1_650, minimumSeconds: 120) == [1_121...1_599])
        #expect(ObservationGaps.find(sortedTimestamps: [], from: 0, to: 100_000, minimumSeconds: 120).isEmpty)
    }
}

extension ISO8601DateFormatter {
    /// The UTC calendar date of `timestamp`, as `YYYY-MM-DD`.
    static func utcDate(_ timestamp: Int64) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(timestamp)))
    }
}
