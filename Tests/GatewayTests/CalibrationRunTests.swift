// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Storage
import TempestTestKit
import Testing

/// `[station.calibration]` end to end: a replay through the built binary
/// with `temperature_offset_c = -1.5` and `rain_factor = 1.1` publishes
/// corrected values and totals on MQTT, the database keeps the raw ones,
/// and `history` and `export` show either.
@Suite("calibration: corrected on MQTT, raw in the database, both in history and export", .serialized)
struct CalibrationRunTests {
    static let serial = "ST-00054321"
    /// 2024-07-13 12:01 in Denver, then a minute apart.
    static let times: [Int64] = [1_720_893_660, 1_720_893_720, 1_720_893_780]
    static let rawTemperatures = [20.0, 21.0, 22.0]
    static let rawRain = [1.0, 2.0, 0.0]

    /// The values of `field` in the JSON rows `output` prints (an array, or one object a line).
    func values(_ field: String, in output: String) throws -> [Double] {
        let text = output.trimmingCharacters(in: .whitespacesAndNewlines)
        let rows: [[String: Any]]
        if text.hasPrefix("[") {
            rows = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        } else {
            rows = try text.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        }
        return rows.compactMap { ($0[field] as? NSNumber)?.doubleValue }
    }

    /// The payloads published to topics ending in `/suffix`, in order.
    func payloads(_ output: String, topicSuffix: String) -> [String] {
        output.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].hasSuffix("/" + topicSuffix) else { return nil }
            return String(parts[1])
        }
    }

    /// The gateway's file: one station in Denver listing `serial`, calibrated.
    func configuration(udpPort: UInt16, brokerPort: UInt16, webPort: UInt16, database: String, temperatureOffset: Double) -> String {
        """
        [udp]
        address = "127.0.0.1"
        port = \(udpPort)
        [storage]
        database = "\(database)"
        [mqtt]
        host = "127.0.0.1"
        port = \(brokerPort)
        client_id = "calibration-gateway"
        homeassistant = false
        [forecast]
        enabled = false
        [web]
        address = "127.0.0.1"
        port = \(webPort)
        [station]
        timezone = "America/Denver"
        serials = ["\(Self.serial)"]
        [station.calibration]
        temperature_offset_c = \(temperatureOffset)
        rain_factor = 1.1
        """
    }

    /// An `obs_st` of `serial` at `time`.
    func observation(at time: Int64, temperature: Double, rain: Double) -> String {
        #"{"serial_number":"\#(Self.serial)","type":"obs_st","hub_sn":"HB-00012345","obs":[[\#(time),0.5,1,2,90,3,1000,\#(temperature),50,0,0,0,\#(rain),1,0,0,2.6,1]],"firmware_revision":176}"#
    }

    @Test("corrected values and daily rain on MQTT; raw values in SQLite, history --raw and export --raw")
    func correctedOutRawIn() throws {
        let broker = try MosquittoBroker()
        let watcher = try ChildProcess(
            executable: "/usr/bin/mosquitto_sub",
            arguments: ["-h", "127.0.0.1", "-p", String(broker.port), "-t", "tempest/#", "-q", "1", "-c", "-i", "calibration-watcher", "-v"])
        try watcher.start()
        usleep(400_000)
        let directory = try TemporaryDirectory()
        let database = directory.file("gateway.db")
        let config = directory.file("config.toml")
        let udpPort = try FreePort.udp()
        let webPort = try FreePort.tcp()
        try configuration(udpPort: udpPort, brokerPort: broker.port, webPort: webPort, database: database, temperatureOffset: -1.5)
            .write(toFile: config, atomically: true, encoding: .utf8)
        let gateway = try ChildProcess(executable: Gateway.path, arguments: ["run", "--config", config, "--print", "none"])
        try gateway.start()
        #expect(gateway.waitFor(timeoutSeconds: 20) { $0.standardErrorSoFar.contains("Listening") }, "\(gateway.standardErrorSoFar)")
        #expect(gateway.standardErrorSoFar.contains("Calibration of station 1 stored ([station.calibration])"))

        let lines = zip(Self.times, zip(Self.rawTemperatures, Self.rawRain)).map { observation(at: $0, temperature: $1.0, rain: $1.1) }
        let file = directory.file("calibrated.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let replay = try Gateway.run(["replay", file, "--speed", "3600", "--to", "127.0.0.1:\(udpPort)"])
        #expect(replay.status == 0, "\(replay.standardError)")

        // 1.1 × (1 + 2) mm of rain today, and the last temperature 22 − 1.5 °C.
        let published = watcher.waitFor(timeoutSeconds: 20) { watcher in
            let output = watcher.standardOutputSoFar
            return payloads(output, topicSuffix: "event/observation").count == lines.count
                && payloads(output, topicSuffix: "rain_today").last.flatMap(Double.init).map { abs($0 - 3.3) < 0.01 } == true
        }
        #expect(published, "\(watcher.standardOutputSoFar.suffix(3_000))\n\(gateway.standardErrorSoFar)")
        // The web page's Now shows the corrected temperature.
        let page = try ChildProcess.run(executable: "/usr/bin/curl", arguments: ["-s", "--max-time", "5", "http://127.0.0.1:\(webPort)/"])
        let shown = page.standardOutput.components(separatedBy: #"data-field="air_temperature""#).dropFirst().first?
            .components(separatedBy: "</span>").first
        #expect(shown?.contains(">20.5") == true, "\(shown ?? page.standardOutput.prefix(2_000).description)")
        gateway.send(signal: SIGTERM)
        let result = try gateway.wait(timeoutSeconds: 30)
        #expect(result.status == 0, "\(result.standardError)")
        let output = watcher.standardOutputSoFar
        #expect(payloads(output, topicSuffix: "\(Self.serial)/air_temperature").last.flatMap(Double.init) == 20.5)
        let lastEvent = try #require(payloads(output, topicSuffix: "event/observation").last)
        #expect(lastEvent.contains(#""air_temperature":20.5"#), "\(lastEvent)")

        // The database keeps what the station sent; the daily summary is an output, corrected.
        let store = try Store(readOnlyPath: database)
        let stored = try store.observations(serial: Self.serial, from: 0, to: Int64.max)
        #expect(stored.map(\.airTemperatureCelsius) == Self.rawTemperatures)
        #expect(stored.map(\.rainAccumulatedMillimeters) == Self.rawRain)
        #expect(try store.calibrationSets().map(\.station) == ["station:1"])
        #expect(abs((try store.dailySummary(serial: Self.serial, localDate: "2024-07-13")?.rainMillimeters ?? 0) - 3.3) < 1e-9)

        let history = try Gateway.run(["history", "--database", database, "--config", config, "--json"])
        #expect(history.status == 0, "\(history.standardError)")
        #expect(try values("air_temperature", in: history.standardOutput) == [18.5, 19.5, 20.5])
        let rawHistory = try Gateway.run(["history", "--database", database, "--config", config, "--json", "--raw"])
        #expect(try values("air_temperature", in: rawHistory.standardOutput) == Self.rawTemperatures)
        #expect(try values("rain_accumulated", in: rawHistory.standardOutput) == Self.rawRain)

        let range = ["--from", "2024-07-13", "--to", "2024-07-14", "--format", "jsonl", "--timezone", "America/Denver"]
        let export = try Gateway.run(["export", "--database", database, "--config", config] + range)
        #expect(export.status == 0, "\(export.standardError)")
        #expect(try values("air_temperature", in: export.standardOutput) == [18.5, 19.5, 20.5])
        let exportedRain = try values("rain_accumulated", in: export.standardOutput)
        #expect(zip(exportedRain, [1.1, 2.2, 0]).allSatisfy { abs($0 - $1) < 1e-9 }, "\(exportedRain)")
        let rawExport = try Gateway.run(["export", "--database", database, "--config", config, "--raw"] + range)
        #expect(try values("air_temperature", in: rawExport.standardOutput) == Self.rawTemperatures)
        #expect(try values("rain_accumulated", in: rawExport.standardOutput) == Self.rawRain)
        try restartAndReload(config: config, database: database, ports: (udpPort, webPort), broker: broker, watcher: watcher)
    }

    /// Started again, the day's rain is restored corrected; a reload with a
    /// new offset says so and corrects what is measured from then on, while
    /// the rows before keep the first set.
    func restartAndReload(
        config: String, database: String, ports: (udp: UInt16, web: UInt16), broker: MosquittoBroker, watcher: ChildProcess
    ) throws {
        let udpPort = ports.udp
        let gateway = try ChildProcess(executable: Gateway.path, arguments: ["run", "--config", config, "--print", "none"])
        try gateway.start()
        #expect(gateway.waitFor(timeoutSeconds: 20) { $0.standardErrorSoFar.contains("Listening") }, "\(gateway.standardErrorSoFar)")
        #expect(!gateway.standardErrorSoFar.contains("Calibration of station"), "an unchanged set is not stored again")
        let sender = try UDPSender(port: udpPort)
        let rainTodayBefore = payloads(watcher.standardOutputSoFar, topicSuffix: "rain_today").count
        try sender.send(observation(at: Self.times[2] + 60, temperature: 23, rain: 0))
        let restored = watcher.waitFor(timeoutSeconds: 20) { watcher in
            let published = payloads(watcher.standardOutputSoFar, topicSuffix: "\(Self.serial)/air_temperature").last.flatMap(Double.init)
            return published == 21.5
        }
        #expect(restored, "\(gateway.standardErrorSoFar)")
        // Published again with the commit, or still retained: 3.3, not the raw 3.
        let rainToday = payloads(watcher.standardOutputSoFar, topicSuffix: "rain_today")
        #expect(rainToday.count >= rainTodayBefore)
        #expect(rainToday.last.flatMap(Double.init).map { abs($0 - 3.3) < 0.01 } == true, "\(rainToday)")

        try configuration(udpPort: udpPort, brokerPort: broker.port, webPort: ports.web, database: database, temperatureOffset: 1)
            .write(toFile: config, atomically: true, encoding: .utf8)
        gateway.send(signal: SIGHUP)
        let reloaded = gateway.waitFor(timeoutSeconds: 20) {
            $0.standardErrorSoFar.contains("applied the calibration of station 1 ([station.calibration]), to what is measured from now on")
        }
        #expect(reloaded, "\(gateway.standardErrorSoFar)")
        // Measured after the reload (within the clock's tolerance ahead): the new offset.
        let later = Int64(Date().timeIntervalSince1970) + 5
        try sender.send(observation(at: later, temperature: 10, rain: 0))
        let corrected = watcher.waitFor(timeoutSeconds: 20) { watcher in
            payloads(watcher.standardOutputSoFar, topicSuffix: "\(Self.serial)/air_temperature").last.flatMap(Double.init) == 11
        }
        #expect(corrected, "\(gateway.standardErrorSoFar)")
        gateway.send(signal: SIGTERM)
        let result = try gateway.wait(timeoutSeconds: 30)
        #expect(result.status == 0, "\(result.standardError)")

        let history = try Gateway.run(["history", "--database", database, "--config", config, "--json", "--limit", "10"])
        #expect(try values("air_temperature", in: history.standardOutput) == [18.5, 19.5, 20.5, 21.5, 11])
        let raw = try Gateway.run(["history", "--database", database, "--config", config, "--json", "--limit", "10", "--raw"])
        #expect(try values("air_temperature", in: raw.standardOutput) == Self.rawTemperatures + [23, 10])
    }
}
