// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Storage
import Testing
import TempestTestKit

/// Issue #26, item 1, replayed on the built binary with a real broker: one
/// datagram dated 2099-12-31 between genuine ones is quarantined and moves
/// nothing, and after a restart the published totals and the stored daily
/// summaries still equal what the stored observations imply.
@Suite("future timestamps, end to end", .serialized)
struct FutureTimestampTests {
    static let serial = "ST-00026001"

    func observation(_ timestamp: Int64, temperature: Double, rain: Double) -> String {
        #"{"serial_number":"\#(Self.serial)","type":"obs_st","hub_sn":"HB-00026001","obs":[[\#(timestamp),0.5,1,2,90,3,1000,\#(temperature),50,0,0,0,\#(rain),1,0,0,2.6,1]]}"#
    }

    func startGateway(database: String, broker: MosquittoBroker, udpPort: UInt16) throws -> ChildProcess {
        try Gateway.startWithBroker(database: database, udpPort: udpPort, brokerPort: broker.port, clientID: "gateway-future-test")
    }

    /// The last value published on `field` for the test's device, as a
    /// subscriber saw them all, in order (nil before the first).
    func latest(_ watcher: ChildProcess, _ field: String) -> Double? {
        let topic = "tempest/\(Self.serial)/\(field) "
        return watcher.standardOutputSoFar.split(separator: "\n").last { $0.hasPrefix(topic) }
            .flatMap { Double($0.dropFirst(topic.count)) }
    }

    /// Waits (at most 20 s) until the last value published on `field` is `value`.
    func waitFor(_ watcher: ChildProcess, _ field: String, _ value: Double) -> Bool {
        watcher.waitFor(timeoutSeconds: 20) { _ in latest(watcher, field).map { abs($0 - value) < 0.0005 } ?? false }
    }

    /// The retained value of `field` as a newcomer reads it (nil if none within 5 s).
    func retained(_ broker: MosquittoBroker, _ field: String) throws -> Double? {
        let result = try ChildProcess.run(
            executable: "/usr/bin/mosquitto_sub",
            arguments: ["-h", "127.0.0.1", "-p", String(broker.port), "-t", "tempest/\(Self.serial)/\(field)", "-C", "1", "-W", "5"])
        return Double(result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test("a 2099 datagram is quarantined; values, totals and filters follow the genuine ones, across a restart")
    func probeReplay() throws {
        let broker = try MosquittoBroker()
        let directory = try TemporaryDirectory()
        let database = directory.file("g.db")
        let udpPort = try FreePort.udp()
        var now = Int64(Date().timeIntervalSince1970)
        // Keep the four genuine observations in one UTC day.
        if now % 86_400 > 86_400 - 600 { now -= 600 }
        let genuine: [(timestamp: Int64, temperature: Double, rain: Double)] = [
            (now, 20, 0.1), (now + 60, 21, 0.2), (now + 120, 22, 0.3),
        ]
        let future: Int64 = 4_102_358_400  // 2099-12-31T00:00:00Z

        let watcher = try ChildProcess(
            executable: "/usr/bin/mosquitto_sub",
            arguments: ["-h", "127.0.0.1", "-p", String(broker.port), "-t", "tempest/\(Self.serial)/#", "-v"])
        try watcher.start()
        defer { watcher.send(signal: SIGTERM) }
        usleep(400_000)
        var gateway = try startGateway(database: database, broker: broker, udpPort: udpPort)
        let sender = try UDPSender(port: udpPort)
        try sender.send(observation(genuine[0].timestamp, temperature: genuine[0].temperature, rain: genuine[0].rain))
        try sender.send(observation(future, temperature: 99, rain: 9))
        for sample in genuine.dropFirst() {
            try sender.send(observation(sample.timestamp, temperature: sample.temperature, rain: sample.rain))
        }
        #expect(waitFor(watcher, "air_temperature", 22), "\(watcher.standardOutputSoFar.suffix(3_000))")
        #expect(waitFor(watcher, "rain_today", 0.6), "\(watcher.standardOutputSoFar.suffix(3_000))")
        // Each value topic arrives on its own: wait for this one too.
        #expect(waitFor(watcher, "air_temperature_max_today", 22), "\(watcher.standardOutputSoFar.suffix(3_000))")
        #expect(!watcher.standardOutputSoFar.contains("/air_temperature 99"), "the 2099 row was published")
        #expect(try retained(broker, "air_temperature") == 22)
        #expect(try retained(broker, "rain_today").map { abs($0 - 0.6) < 0.0005 } == true)
        let status = try Gateway.run(["status", "--json", "--database", database])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8)) as? [String: Any])
        let udp = try #require(report["udp"] as? [String: Any])
        #expect(udp["future_timestamp"] as? Int == 1)
        #expect(udp["late"] as? Int == 0)
        gateway.send(signal: SIGTERM)
        #expect(try gateway.wait(timeoutSeconds: 30).status == 0)

        do {
            let store = try Store(readOnlyPath: database)
            let quarantined = try store.quarantined()
            #expect(quarantined.count == 1)
            #expect(quarantined.first?.serial == Self.serial)
            #expect(quarantined.first?.type == "obs_st")
            #expect(quarantined.first?.timestamp == future)
            #expect(quarantined.first?.source == "udp")
            #expect(quarantined.first?.message.contains("4102358400") == true)
            #expect(try store.observations(serial: Self.serial, from: 0, to: Int64.max).count == 3)
        }

        // Restart and send one more genuine observation.
        gateway = try startGateway(database: database, broker: broker, udpPort: udpPort)
        try sender.send(observation(now + 180, temperature: 23, rain: 0.4))
        #expect(waitFor(watcher, "air_temperature", 23), "\(watcher.standardOutputSoFar.suffix(3_000))")
        #expect(waitFor(watcher, "rain_today", 1.0), "\(watcher.standardOutputSoFar.suffix(3_000))")
        gateway.send(signal: SIGTERM)
        #expect(try gateway.wait(timeoutSeconds: 30).status == 0)

        // What the stored observations imply, computed here from the rows themselves.
        let store = try Store(readOnlyPath: database)
        let rows = try store.observations(serial: Self.serial, from: 0, to: Int64.max)
        #expect(rows.count == 4)
        let day = DailySummaryRestartTests.utcDate(now)
        let sameDay = rows.filter { DailySummaryRestartTests.utcDate($0.timestamp) == day }
        let impliedRain = sameDay.compactMap(\.rainAccumulatedMillimeters).reduce(0, +)
        let impliedMaximum = sameDay.compactMap(\.airTemperatureCelsius).max()
        let impliedMinimum = sameDay.compactMap(\.airTemperatureCelsius).min()
        let summary = try #require(try store.dailySummary(serial: Self.serial, localDate: day))
        #expect(abs(summary.rainMillimeters - impliedRain) < 0.0005)
        #expect(summary.maximumTemperatureCelsius == impliedMaximum)
        #expect(summary.minimumTemperatureCelsius == impliedMinimum)
        #expect(try store.dailySummary(serial: Self.serial, localDate: "2099-12-31") == nil)
        // The published totals after the restart say the same.
        #expect(waitFor(watcher, "rain_today", impliedRain))
        #expect(impliedMaximum.map { waitFor(watcher, "air_temperature_max_today", $0) } == true)
        #expect(impliedMinimum.map { waitFor(watcher, "air_temperature_min_today", $0) } == true)
        #expect(try retained(broker, "rain_today").map { abs($0 - impliedRain) < 0.0005 } == true)
    }
}
