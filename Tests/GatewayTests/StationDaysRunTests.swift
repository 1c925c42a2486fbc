// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import Foundation
import Meteorology
import Pipeline
import Storage
import TempestTestKit
import Testing

/// Each station's own day: a device's daily summaries end at the midnight
/// of the station whose `serials` list it.
@Suite("station days: each device's day in its station's time zone")
struct StationDaysRunTests {
    static let denverSerial = "ST-00000001"
    static let tokyoSerial = "ST-00000002"
    /// 2024-07-14 00:00 in Tokyo (UTC+9).
    static let tokyoMidnight: Int64 = 1_720_882_800
    /// 2024-07-14 00:00 in Denver (MDT, UTC-6).
    static let denverMidnight: Int64 = 1_720_936_800
    /// A station in Denver listing the first device, one in Tokyo listing the second.
    static let stationTables = """
        [[station]]
        timezone = "America/Denver"
        serials = ["\(denverSerial)"]
        [[station]]
        timezone = "Asia/Tokyo"
        serials = ["\(tokyoSerial)"]
        """

    @Test("each station's timezone is its devices' zone; an unlisted device and a station without one take the first station's")
    func zonesFromTheConfiguration() throws {
        let loaded = ConfigurationLoader.resolve(
            fileText: """
                \(Self.stationTables)
                [[station]]
                serials = ["SK-00000003"]
                """, path: nil, environment: [:])
        let denver = try TimeZoneRules(identifier: "America/Denver")
        let tokyo = try TimeZoneRules(identifier: "Asia/Tokyo")
        let zones = StationZones(try loaded.validConfiguration().stations, first: denver)
        #expect(zones.zone(of: Self.denverSerial) == denver)
        #expect(zones.zone(of: Self.tokyoSerial) == tokyo)
        #expect(zones.zone(of: "SK-00000003") == denver)
        #expect(zones.zone(of: "ST-00000009") == denver)
        #expect(zones.stations.map(\.identifier) == ["America/Denver", "Asia/Tokyo", "America/Denver"])
    }

    @Test("run: the Tokyo station's device closes its day at Tokyo midnight, the Denver station's at Denver midnight")
    func tokyoAndDenver() throws {
        let directory = try TemporaryDirectory()
        let database = directory.file("gateway.db")
        let config = directory.file("config.toml")
        let port = try FreePort.udp()
        try """
            [udp]
            address = "127.0.0.1"
            port = \(port)
            [storage]
            database = "\(database)"
            [mqtt]
            enabled = false
            [forecast]
            enabled = false
            \(Self.stationTables)
            """.write(toFile: config, atomically: true, encoding: .utf8)
        let gateway = try ChildProcess(executable: Gateway.path, arguments: ["run", "--config", config, "--print", "none"])
        try gateway.start()
        #expect(gateway.waitFor(timeoutSeconds: 20) { $0.standardErrorSoFar.contains("Listening") })
        #expect(gateway.standardErrorSoFar.contains(
            "daily totals in each station's time zone: station 1 America/Denver, station 2 Asia/Tokyo"))

        // A minute either side of each midnight, both devices: 1, 2, 4 and 8 mm.
        let sender = try UDPSender(port: port)
        let instants = [Self.tokyoMidnight - 60, Self.tokyoMidnight + 60, Self.denverMidnight - 60, Self.denverMidnight + 60]
        for (index, time) in instants.enumerated() {
            for serial in [Self.denverSerial, Self.tokyoSerial] {
                try sender.send(
                    #"{"serial_number":"\#(serial)","type":"obs_st","obs":[[\#(time),0.5,1,2,90,3,1000,\#(20 + index),50,0,0,0,\#(1 << index),1,0,0,2.6,1]]}"#)
            }
        }
        // Until all eight rows are stored (bounded), then a clean stop.
        let stored = gateway.waitFor(timeoutSeconds: 20) { _ in
            guard let store = try? Store(readOnlyPath: database) else { return false }
            let count = [Self.denverSerial, Self.tokyoSerial].reduce(0) {
                $0 + ((try? store.observations(serial: $1, from: 0, to: Int64.max).count) ?? 0)
            }
            return count == 8
        }
        #expect(stored, "\(gateway.standardErrorSoFar)")
        gateway.send(signal: SIGTERM)
        let result = try gateway.wait(timeoutSeconds: 30)
        #expect(result.status == 0, "\(result.standardError)")

        let store = try Store(readOnlyPath: database)
        func summary(_ serial: String, _ date: String) throws -> DailySummaryRecord? {
            try store.dailySummary(serial: serial, localDate: date)
        }
        // Tokyo: only the minute before its midnight on the 13th; Denver's
        // midnight is 15:00 on the 14th in Tokyo.
        #expect(try summary(Self.tokyoSerial, "2024-07-13")?.rainMillimeters == 1)
        #expect(try summary(Self.tokyoSerial, "2024-07-14")?.rainMillimeters == 14)
        #expect(try summary(Self.tokyoSerial, "2024-07-14")?.minimumTemperatureCelsius == 21)
        // Denver: Tokyo's midnight is 09:00 on the 13th in Denver; its own
        // midnight ends the 13th after three of the four minutes.
        #expect(try summary(Self.denverSerial, "2024-07-13")?.rainMillimeters == 7)
        #expect(try summary(Self.denverSerial, "2024-07-13")?.maximumTemperatureCelsius == 22)
        #expect(try summary(Self.denverSerial, "2024-07-14")?.rainMillimeters == 8)
        #expect(try summary(Self.denverSerial, "2024-07-12") == nil)
        #expect(try summary(Self.tokyoSerial, "2024-07-15") == nil)
    }
}
