// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Storage
import TempestTestKit
import Testing

/// Issue #43 as one replay through the built binary, a real broker and UDP
/// on 127.0.0.1: a calibrated station in Denver, a `device_status` saying
/// its temperature sensor failed, a second station in Tokyo whose Tempest
/// runs on a mode-3 battery. Each shows up on MQTT as the issue asks while
/// the database keeps what the devices sent.
@Suite("data truth: calibration, quality and each station's day in one run", .serialized)
struct DataTruthRunTests {
    static let denver = "ST-00043101"
    static let tokyo = "ST-00043109"

    static func observation(
        _ serial: String, _ time: Int64, temperature: Double, rain: Double, sampleInterval: Int = 3, battery: String = "2.6",
        gust: Double = 2
    ) -> String {
        let wind = sampleInterval == 300 ? "null,null,null,null" : "0.5,1,\(gust),90"
        return #"{"serial_number":"\#(serial)","type":"obs_st","hub_sn":"HB-00043100","obs":[[\#(time),\#(wind),\#(sampleInterval),1000,\#(temperature),50,0,0,0,\#(rain),1,0,0,\#(battery),1]]}"#
    }

    static func status(_ serial: String, _ time: Int64, sensorStatus: Int) -> String {
        #"{"serial_number":"\#(serial)","type":"device_status","hub_sn":"HB-00043100","timestamp":\#(time),"uptime":500,"voltage":2.6,"firmware_revision":176,"rssi":-60,"hub_rssi":-60,"sensor_status":\#(sensorStatus),"debug":0}"#
    }

    /// The last payload a `-v` subscriber saw on `serial`'s `field` ("" for an empty one), nil before the first.
    static func latest(_ watcher: ChildProcess, _ serial: String, _ field: String) -> String? {
        let topic = "tempest/\(serial)/\(field) "
        return watcher.standardOutputSoFar.split(separator: "\n", omittingEmptySubsequences: false)
            .last { $0.hasPrefix(topic) || $0 == topic.dropLast() }
            .map { line in
                let payload = line.count > topic.count ? String(line.dropFirst(topic.count)) : ""
                return payload == "(null)" ? "" : payload  // mosquitto_sub's word for an empty payload
            }
    }

    /// Waits (at most 20 s) until each (serial, field) last carried its value;
    /// numbers compare within 0.005.
    static func waitFor(_ watcher: ChildProcess, _ expected: [(String, String, String)]) -> Bool {
        watcher.waitFor(timeoutSeconds: 20) { _ in
            expected.allSatisfy { serial, field, value in
                guard let seen = latest(watcher, serial, field) else { return false }
                if let number = Double(value), let seenNumber = Double(seen) { return abs(number - seenNumber) < 0.005 }
                return seen == value
            }
        }
    }

    /// The station-local date (`YYYY-MM-DD`) of `time` in the zone `identifier`.
    static func localDate(_ time: Int64, _ identifier: String) throws -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: identifier))
        let parts = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: TimeInterval(time)))
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    @Test("a calibrated station, a failed temperature sensor, a mode-3 battery and a station in Tokyo, on MQTT and in the database")
    func replay() throws {
        let broker = try MosquittoBroker()
        let watcher = try ChildProcess(
            executable: "/usr/bin/mosquitto_sub",
            arguments: ["-h", "127.0.0.1", "-p", String(broker.port), "-t", "tempest/#", "-v"])
        try watcher.start()
        defer { watcher.send(signal: SIGTERM) }
        usleep(400_000)
        let directory = try TemporaryDirectory()
        let database = directory.file("truth.db")
        let config = directory.file("config.toml")
        let udpPort = try FreePort.udp()
        try """
        [udp]
        address = "127.0.0.1"
        port = \(udpPort)
        [storage]
        database = "\(database)"
        [mqtt]
        host = "127.0.0.1"
        port = \(broker.port)
        client_id = "truth-gateway"
        [forecast]
        enabled = false
        [[station]]
        timezone = "America/Denver"
        serials = ["\(Self.denver)"]
        [station.calibration]
        temperature_offset_c = -1.5
        rain_factor = 1.1
        [[station]]
        timezone = "Asia/Tokyo"
        serials = ["\(Self.tokyo)"]
        """.write(toFile: config, atomically: true, encoding: .utf8)
        let gateway = try ChildProcess(executable: Gateway.path, arguments: ["run", "--config", config, "--print", "none"])
        try gateway.start()
        defer { if gateway.isRunning { gateway.send(signal: SIGKILL) } }
        #expect(gateway.waitFor(timeoutSeconds: 20) { $0.standardErrorSoFar.contains("Listening") }, "\(gateway.standardErrorSoFar)")
        let sender = try UDPSender(port: udpPort)
        let start = Int64(Date().timeIntervalSince1970) / 60 * 60 - 600
        let seen = { "\(watcher.standardOutputSoFar.suffix(3_000))\n\(gateway.standardErrorSoFar.suffix(1_000))" }

        // Calibrated: 20.0 °C and 1.0 mm become 18.5 °C and 1.1 mm.
        try sender.send(Self.observation(Self.denver, start, temperature: 20.0, rain: 1.0))
        #expect(
            Self.waitFor(watcher, [(Self.denver, "air_temperature", "18.5"), (Self.denver, "rain_today", "1.1"), (Self.denver, "quality", "{}")]),
            "\(seen())")
        // The temperature-failed bit (0x10), then 0.0 °C: unknown with its reason, and so is what derives from it.
        try sender.send(Self.status(Self.denver, start + 30, sensorStatus: 0x10))
        try sender.send(Self.observation(Self.denver, start + 60, temperature: 0.0, rain: 0))
        #expect(
            Self.waitFor(
                watcher,
                [(Self.denver, "air_temperature", ""), (Self.denver, "dew_point", ""), (Self.denver, "feels_like", ""),
                 (Self.denver, "quality", #"{"air_temperature":"sensor_failed"}"#)]), "\(seen())")
        // A good status and a good reading: back, corrected.
        try sender.send(Self.status(Self.denver, start + 90, sensorStatus: 0))
        try sender.send(Self.observation(Self.denver, start + 120, temperature: 20.5, rain: 0))
        #expect(Self.waitFor(watcher, [(Self.denver, "air_temperature", "19"), (Self.denver, "quality", "{}")]), "\(seen())")
        #expect(Self.latest(watcher, Self.denver, "dew_point").map { !$0.isEmpty } == true)

        // Tokyo's Tempest on a mode-3 battery (wind every 300 s, 2.35 V): its rain is unknown, not 0.
        try sender.send(Self.observation(Self.tokyo, start, temperature: 15.0, rain: 0.2, sampleInterval: 300, battery: "2.35"))
        #expect(
            Self.waitFor(watcher, [(Self.tokyo, "air_temperature", "15"), (Self.tokyo, "rain_accumulated", "")]), "\(seen())")
        #expect(Self.latest(watcher, Self.tokyo, "quality")?.contains(#""rain_accumulated":"rain_sensor_off""#) == true, "\(seen())")
        // Back on a good battery: rain in a 12 m/s gust with no rain start is
        // suspect, kept apart until rain the checks find good follows.
        try sender.send(Self.observation(Self.tokyo, start + 60, temperature: 15.0, rain: 0.3, gust: 12))
        #expect(
            Self.waitFor(watcher, [(Self.tokyo, "rain_today", "0"), (Self.tokyo, "rain_suspect_today", "0.3")]), "\(seen())")
        try sender.send(Self.observation(Self.tokyo, start + 120, temperature: 15.0, rain: 0.1))
        #expect(
            Self.waitFor(watcher, [(Self.tokyo, "rain_today", "0.4"), (Self.tokyo, "rain_suspect_today", "0")]), "\(seen())")

        gateway.send(signal: SIGTERM)
        #expect(try gateway.wait(timeoutSeconds: 30).status == 0)

        // The database keeps what the devices sent, with the verdicts beside it.
        let store = try Store(readOnlyPath: database)
        let denverRows = try store.observations(serial: Self.denver, from: 0, to: .max)
        #expect(denverRows.map(\.airTemperatureCelsius) == [20.0, 0.0, 20.5])
        #expect(denverRows.map(\.rainAccumulatedMillimeters) == [1.0, 0, 0])
        #expect(
            try store.verdicts(serial: Self.denver, from: 0, to: .max).map { "\($0.timestamp - start) \($0.field) \($0.verdict)" }
                == ["60 air_temperature bad"])
        #expect(try store.observations(serial: Self.tokyo, from: 0, to: .max).map(\.rainAccumulatedMillimeters) == [0.2, 0.3, 0.1])
        #expect(try store.verdicts(serial: Self.tokyo, from: 0, to: .max).contains { $0.field == "rain_accumulated" && $0.verdict == "bad" })

        // Each station's day: Denver's summary is dated in Denver, Tokyo's in
        // Tokyo (16 hours apart: on different dates two thirds of the day).
        // Denver's holds the corrected rain and a low that is not the failed 0.0 °C.
        let denverDate = try Self.localDate(start, "America/Denver")
        let denverDay = try #require(try store.dailySummary(serial: Self.denver, localDate: denverDate), "no summary dated \(denverDate)")
        #expect(abs(denverDay.rainMillimeters - 1.1) < 1e-9)
        #expect(denverDay.minimumTemperatureCelsius == 18.5)
        let tokyoDate = try Self.localDate(start, "Asia/Tokyo")
        let tokyoDay = try #require(try store.dailySummary(serial: Self.tokyo, localDate: tokyoDate), "no summary dated \(tokyoDate)")
        #expect(abs(tokyoDay.rainMillimeters - 0.4) < 1e-9, "the confirmed suspect rain and the good rain; not the rain the sensor could not measure")
        #expect(tokyoDay.suspectRainMillimeters == 0)

        // history shows what the outlets show, history --raw what is stored.
        let history = try Gateway.run(["history", "--config", config, "--database", database, "--device", Self.denver, "--json"])
        let rawHistory = try Gateway.run(["history", "--config", config, "--database", database, "--device", Self.denver, "--json", "--raw"])
        func temperatures(_ output: String) throws -> [Double] {
            let rows = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
            return rows.compactMap { ($0["air_temperature"] as? NSNumber)?.doubleValue }
        }
        #expect(try temperatures(rawHistory.standardOutput) == [20.0, 0.0, 20.5])
        // Corrected, and the failed sensor's 0.0 °C left out as on MQTT.
        #expect(try temperatures(history.standardOutput) == [18.5, 19.0], "\(history.standardOutput)")
    }
}
