// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology
import Pipeline
import Storage
import TempestTestKit
import TempestUDP
import Testing

/// Each device's day ends at its own station's midnight: a Tempest of a
/// station in Denver and one of a station in Tokyo, fed the same instants
/// around each city's midnight.
@Suite struct StationDayTests {
    static let denverSerial = "ST-00000001"
    static let tokyoSerial = "ST-00000002"
    /// 2024-07-14 00:00 in Tokyo (UTC+9): 2024-07-13 15:00 UTC.
    static let tokyoMidnight: Int64 = 1_720_882_800
    /// 2024-07-14 00:00 in Denver (MDT, UTC-6): 2024-07-14 06:00 UTC.
    static let denverMidnight: Int64 = 1_720_936_800

    let denver: TimeZoneRules
    let tokyo: TimeZoneRules
    let zones: StationZones

    init() throws {
        denver = try TimeZoneRules(identifier: "America/Denver")
        tokyo = try TimeZoneRules(identifier: "Asia/Tokyo")
        zones = StationZones([(zone: denver, serials: [Self.denverSerial]), (zone: tokyo, serials: [Self.tokyoSerial])])
    }

    /// An obs_st of `serial` at `time` with `rainMillimeters` in its minute and `temperatureCelsius`.
    static func observation(_ serial: String, at time: Int64, rainMillimeters: Double, temperatureCelsius: Double) throws -> TempestMessage {
        let datagram = """
            {"serial_number":"\(serial)","type":"obs_st","hub_sn":"HB-00012345","obs":[[\(time),0.1,0.8,1.6,213,3,1009.2,\(temperatureCelsius),71,812,0.06,7,\(rainMillimeters),0,0,0,2.68,1]],"firmware_revision":176}
            """
        guard case .decoded(let message, _) = DatagramDecoder().decode(datagram) else {
            throw TestKitError("the test datagram did not decode: \(datagram)")
        }
        return message
    }

    /// The newest summary row of each (serial, local date) among `writes`.
    static func summaries(_ writes: [StoreWrite]) -> [String: DailySummaryRecord] {
        var rows = [String: DailySummaryRecord]()
        for case .dailySummary(let record) in writes { rows["\(record.serial) \(record.localDate)"] = record }
        return rows
    }

    @Test func theMidnightsAreWhereTheZonesPutThem() {
        #expect(tokyo.startOfDay(LocalDate("2024-07-14")!) == Self.tokyoMidnight)
        #expect(denver.startOfDay(LocalDate("2024-07-14")!) == Self.denverMidnight)
        #expect(zones.zone(of: Self.denverSerial) == denver)
        #expect(zones.zone(of: Self.tokyoSerial) == tokyo)
        // A device no station lists keeps the first station's day.
        #expect(zones.zone(of: "ST-00009999") == denver)
        #expect(!zones.isSingleZone)
        #expect(StationZones(denver).isSingleZone)
    }

    @Test func eachDevicesDayClosesAtItsOwnStationsMidnight() throws {
        let keeper = DailySummaryKeeper(zones: zones)
        let now = Self.denverMidnight + 3_600
        var writes = [StoreWrite]()
        // A minute either side of each midnight, both devices, 1, 2, 4 and 8 mm.
        let instants = [Self.tokyoMidnight - 60, Self.tokyoMidnight + 60, Self.denverMidnight - 60, Self.denverMidnight + 60]
        for (index, time) in instants.enumerated() {
            for serial in [Self.denverSerial, Self.tokyoSerial] {
                let message = try Self.observation(
                    serial, at: time, rainMillimeters: Double(1 << index), temperatureCelsius: 20 + Double(index))
                writes += keeper.ingest(message, now: now)
            }
        }
        let rows = Self.summaries(writes)
        // Tokyo: 1 mm on the 13th (before its midnight), 2 + 4 + 8 mm on the
        // 14th (Denver's midnight is 15:00 in Tokyo).
        #expect(rows["\(Self.tokyoSerial) 2024-07-13"]?.rainMillimeters == 1)
        #expect(rows["\(Self.tokyoSerial) 2024-07-14"]?.rainMillimeters == 14)
        #expect(rows["\(Self.tokyoSerial) 2024-07-13"]?.maximumTemperatureCelsius == 20)
        #expect(rows["\(Self.tokyoSerial) 2024-07-14"]?.minimumTemperatureCelsius == 21)
        #expect(rows["\(Self.tokyoSerial) 2024-07-14"]?.maximumTemperatureCelsius == 23)
        // Denver: Tokyo's midnight is 09:00 in Denver, so 1 + 2 + 4 mm on the
        // 13th, and only 8 mm after its own midnight.
        #expect(rows["\(Self.denverSerial) 2024-07-13"]?.rainMillimeters == 7)
        #expect(rows["\(Self.denverSerial) 2024-07-14"]?.rainMillimeters == 8)
        #expect(rows["\(Self.denverSerial) 2024-07-13"]?.minimumTemperatureCelsius == 20)
        #expect(rows["\(Self.denverSerial) 2024-07-13"]?.maximumTemperatureCelsius == 22)
        #expect(rows["\(Self.denverSerial) 2024-07-14"]?.maximumTemperatureCelsius == 23)
        #expect(rows.count == 4)

        // Today, judged at the clock, is each device's own.
        let tokyoNow = keeper.current(serial: Self.tokyoSerial, now: Self.tokyoMidnight + 120)
        #expect(tokyoNow.today.date == LocalDate("2024-07-14")!)
        #expect(tokyoNow.yesterday.rainMillimeters == 1)
        let denverThen = keeper.current(serial: Self.denverSerial, now: Self.tokyoMidnight + 120)
        #expect(denverThen.today.date == LocalDate("2024-07-13")!)
        #expect(denverThen.today.rainMillimeters == 7)
        let denverNow = keeper.current(serial: Self.denverSerial, now: Self.denverMidnight + 120)
        #expect(denverNow.today.date == LocalDate("2024-07-14")!)
        #expect(denverNow.today.rainMillimeters == 8)
        #expect(denverNow.yesterday.rainMillimeters == 7)
    }

    @Test func aRestartRebuildsEachDevicesDaysInItsOwnZone() async throws {
        let directory = try TemporaryDirectory()
        let writer = try StoreWriter(path: directory.file("days.db"), observers: [])
        defer { writer.shutdown() }
        let live = DailySummaryKeeper(zones: zones)
        let now = Self.denverMidnight + 3_600
        let instants = [Self.tokyoMidnight - 60, Self.tokyoMidnight + 60, Self.denverMidnight - 60, Self.denverMidnight + 60]
        for (index, time) in instants.enumerated() {
            for serial in [Self.denverSerial, Self.tokyoSerial] {
                let message = try Self.observation(serial, at: time, rainMillimeters: Double(1 << index), temperatureCelsius: 20)
                _ = live.ingest(message, now: now)
                _ = try writer.submit(StoreWrites.writes(for: message, source: .udp, receivedAt: now))
            }
        }
        try await writer.flush()
        let restarted = DailySummaryKeeper(zones: zones)
        _ = try await writer.perform { store in try restarted.restore(from: store, now: now) }
        for serial in [Self.denverSerial, Self.tokyoSerial] {
            #expect(restarted.current(serial: serial, now: now) == live.current(serial: serial, now: now))
        }
        #expect(restarted.current(serial: Self.tokyoSerial, now: now).yesterday.rainMillimeters == 1)
        #expect(restarted.current(serial: Self.denverSerial, now: now).yesterday.rainMillimeters == 7)
    }
}
