// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Storage
import Testing
import TempestTestKit

/// `run` keeps station-local daily totals in the store, and a restart in
/// the middle of a rain shower loses and double-counts nothing.
@Suite("daily summaries across a restart")
struct DailySummaryRestartTests {
    @Test("rain and the temperature extremes equal the uninterrupted figures")
    func restart() throws {
        let directory = try TemporaryDirectory()
        let database = directory.file("g.db")
        let sample = try String(contentsOfFile: BuiltProducts.packageRoot + "/Samples/sample-day.jsonl", encoding: .utf8)
        // 13:00 to 15:00 local time in Denver: the shower falls in both halves.
        let start: Int64 = 1_720_850_400 + 13 * 3600
        let middle = start + 3600
        let end = middle + 3600
        var firstHalf = [String]()
        var secondHalf = [String]()
        var expectedRain = 0.0
        var expectedMaximum = -Double.infinity
        var expectedHumidity = [Double]()
        var expectedSolarJoules = 0.0
        for line in sample.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let timestamp: Int64
            if let rows = object["obs"] as? [[Any]] {
                timestamp = (rows[0][0] as! NSNumber).int64Value
                if timestamp >= start && timestamp < end {
                    expectedRain += (rows[0][12] as! NSNumber).doubleValue
                    expectedMaximum = max(expectedMaximum, (rows[0][7] as! NSNumber).doubleValue)
                    expectedHumidity.append((rows[0][8] as! NSNumber).doubleValue)
                    expectedSolarJoules += (rows[0][11] as! NSNumber).doubleValue * 60 * (rows[0][17] as! NSNumber).doubleValue
                }
            } else if let evt = (object["evt"] ?? object["ob"]) as? [Any] {
                timestamp = (evt[0] as! NSNumber).int64Value
            } else {
                timestamp = (object["timestamp"] as! NSNumber).int64Value
            }
            if timestamp >= start && timestamp < middle { firstHalf.append(String(line)) }
            if timestamp >= middle && timestamp < end { secondHalf.append(String(line)) }
        }
        #expect(expectedRain > 1)

        for (index, part) in [firstHalf, secondHalf].enumerated() {
            let file = directory.file("part\(index).jsonl")
            try (part.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
            let port = try FreePort.udp()
            let gateway = try ChildProcess(
                executable: Gateway.path,
                arguments: [
                    "run", "--database", database, "--udp-address", "127.0.0.1", "--udp-port", String(port), "--print",
                    "none", "--no-mqtt", "--timezone", "America/Denver",
                ])
            try gateway.start()
            #expect(gateway.waitFor(timeoutSeconds: 20) { $0.standardErrorSoFar.contains("Listening") })
            let replay = try Gateway.run(["replay", file, "--speed", "3600", "--to", "127.0.0.1:\(port)"])
            #expect(replay.status == 0)
            usleep(300_000)
            gateway.send(signal: SIGTERM)
            let result = try gateway.wait(timeoutSeconds: 30)
            #expect(result.status == 0, "\(result.standardError)")
            if index == 1 {
                #expect(result.standardError.contains("restored from 60 stored observations"))
            }
        }

        let store = try Store(readOnlyPath: database)
        let summary = try #require(try store.dailySummary(serial: "ST-00054321", localDate: "2024-07-13"))
        #expect(abs(summary.rainMillimeters - expectedRain) < 0.0005)
        #expect(summary.maximumTemperatureCelsius == expectedMaximum)
        #expect(summary.rainMinutes > 20)
        // The growers' inputs survive the restart too.
        #expect(summary.growers.minimumHumidityPercent == expectedHumidity.min())
        #expect(summary.growers.maximumHumidityPercent == expectedHumidity.max())
        #expect(abs((summary.growers.solarEnergyMegajoulesPerSquareMeter ?? 0) - expectedSolarJoules / 1_000_000) < 1e-6)
        #expect(summary.growers.solarRadiationMinutes == 120)
    }

    @Test("a datagram from the far future is quarantined, not stored as an observation, and does not move 'today'")
    func futureTimestamp() throws {
        let directory = try TemporaryDirectory()
        let database = directory.file("g.db")
        let port = try FreePort.udp()
        let gateway = try ChildProcess(
            executable: Gateway.path,
            arguments: [
                "run", "--database", database, "--udp-address", "127.0.0.1", "--udp-port", String(port), "--print", "none",
                "--no-mqtt", "--timezone", "UTC",
            ])
        try gateway.start()
        #expect(gateway.waitFor(timeoutSeconds: 20) { $0.standardErrorSoFar.contains("Listening") })
        let now = Int64(Date().timeIntervalSince1970)
        let minute = now - now % 60
        func observation(_ timestamp: Int64, rain: Double) -> String {
            #"{"serial_number":"ST-1","type":"obs_st","obs":[[\#(timestamp),0.5,1,2,90,3,1000,20,50,0,0,0,\#(rain),1,0,0,2.6,1]]}"#
        }
        let sender = try UDPSender(port: port)
        try sender.send(observation(minute + 86_400 * 3, rain: 5))
        try sender.send(observation(minute, rain: 1))
        usleep(800_000)
        gateway.send(signal: SIGTERM)
        _ = try gateway.wait(timeoutSeconds: 30)
        let store = try Store(readOnlyPath: database)
        let today = try #require(try store.dailySummary(serial: "ST-1", localDate: Self.utcDate(minute)))
        #expect(today.rainMillimeters == 1)
        #expect(try store.observations(serial: "ST-1", from: 0, to: Int64.max).count == 1)
        #expect(try store.quarantined().map(\.timestamp) == [minute + 86_400 * 3])
        #expect(try store.dailySummary(serial: "ST-1", localDate: Self.utcDate(minute + 86_400 * 3)) == nil)
    }

    static func utcDate(_ seconds: Int64) -> String {
        let formatter = DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }
}
