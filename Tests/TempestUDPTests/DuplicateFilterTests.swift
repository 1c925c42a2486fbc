// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Testing
@testable import TempestUDP

@Suite("Duplicate filter")
struct DuplicateFilterTests {
    func message(_ text: String) throws -> TempestMessage {
        try FixtureLoader.message(text)
    }

    func wind(_ timestamp: Int, serial: String = "ST-00000001") throws -> TempestMessage {
        try message(#"{"serial_number":"\#(serial)","type":"rapid_wind","ob":[\#(timestamp),1.5,90]}"#)
    }

    @Test("a repeat is dropped, a new timestamp is fresh, an older one is late but kept")
    func repeatsAndLateness() throws {
        var filter = DuplicateFilter()
        #expect(filter.admit(try wind(1_705_334_403)) == .fresh(try wind(1_705_334_403)))
        #expect(filter.admit(try wind(1_705_334_403)) == .duplicate)
        #expect(filter.admit(try wind(1_705_334_406)) == .fresh(try wind(1_705_334_406)))
        #expect(filter.admit(try wind(1_705_334_400)) == .late(try wind(1_705_334_400)))
        #expect(filter.admit(try wind(1_705_334_400)) == .duplicate)
    }

    @Test("devices are independent")
    func perDevice() throws {
        var filter = DuplicateFilter()
        _ = filter.admit(try wind(1_705_334_403))
        #expect(filter.admit(try wind(1_705_334_403, serial: "ST-00000002")) == .fresh(try wind(1_705_334_403, serial: "ST-00000002")))
        #expect(filter.admit(try wind(1_705_334_400, serial: "ST-00000002")) == .late(try wind(1_705_334_400, serial: "ST-00000002")))
    }

    @Test("hub_status repeats by (serial, seq, timestamp); a reboot's new seq is not a repeat")
    func hubStatus() throws {
        var filter = DuplicateFilter()
        let first = try message(#"{"serial_number":"HB-1","type":"hub_status","timestamp":1705334405,"seq":10}"#)
        let rebooted = try message(#"{"serial_number":"HB-1","type":"hub_status","timestamp":1705334405,"seq":1}"#)
        #expect(filter.admit(first) == .fresh(first))
        #expect(filter.admit(first) == .duplicate)
        #expect(filter.admit(rebooted) == .fresh(rebooted))
    }

    @Test("an observation keeps only its rows not seen before")
    func observationRows() throws {
        var filter = DuplicateFilter()
        let row = "0.9,3.1,6.4,196,3,998.42,5.8,94.1,2870,0.09,24,0.14,1,0,0,2.512,1"
        let one = try message(#"{"serial_number":"ST-1","type":"obs_st","obs":[[1705334400,\#(row)]]}"#)
        let two = try message(#"{"serial_number":"ST-1","type":"obs_st","obs":[[1705334400,\#(row)],[1705334460,\#(row)]]}"#)
        let second = try message(#"{"serial_number":"ST-1","type":"obs_st","obs":[[1705334460,\#(row)]]}"#)
        _ = filter.admit(one)
        #expect(filter.admit(two) == .fresh(second))
        #expect(filter.admit(two) == .duplicate)
    }

    @Test("memory is bounded: the oldest key is forgotten first")
    func capacity() throws {
        var filter = DuplicateFilter(capacity: 3)
        for offset in 0..<4 { _ = filter.admit(try wind(1_705_334_400 + offset)) }
        // 1_705_334_400 was evicted, so it is new again (and late).
        #expect(filter.admit(try wind(1_705_334_400)) == .late(try wind(1_705_334_400)))
        #expect(filter.admit(try wind(1_705_334_403)) == .duplicate)
    }

    @Test("the same timestamp from another device or of another type is not a repeat, across many devices")
    func keysSeparateDevicesAndTypes() throws {
        var filter = DuplicateFilter()
        for index in 0..<50 {
            let serial = "ST-\(String(100_000_000 + index).dropFirst())"
            #expect(filter.admit(try wind(1_705_334_403, serial: serial)) != .duplicate)
            let status = try message(
                #"{"serial_number":"\#(serial)","type":"device_status","hub_sn":"HB-00000001","timestamp":1705334403,"uptime":1,"voltage":2.6,"firmware_revision":1,"rssi":-60,"hub_rssi":-60,"sensor_status":0,"debug":0}"#)
            #expect(filter.admit(status) != .duplicate)
        }
        #expect(filter.admit(try wind(1_705_334_403, serial: "ST-00000049")) == .duplicate)
        #expect(filter.numberedStreamCount == 100)
    }

    @Test("more device streams than it numbers: the filter starts again and drops nothing new")
    func streamNumbersBounded() throws {
        var filter = DuplicateFilter(capacity: 100, streamCapacity: 4)
        for index in 1...4 { _ = filter.admit(try wind(1_705_334_403, serial: "ST-0000000\(index)")) }
        #expect(filter.admit(try wind(1_705_334_403, serial: "ST-00000001")) == .duplicate)
        #expect(filter.numberedStreamCount == 4)
        // A fifth stream: the numbers, and the keys that used them, are forgotten.
        #expect(filter.admit(try wind(1_705_334_403, serial: "ST-00000005")) == .fresh(try wind(1_705_334_403, serial: "ST-00000005")))
        #expect(filter.numberedStreamCount == 1)
        #expect(filter.admit(try wind(1_705_334_406, serial: "ST-00000002")) == .fresh(try wind(1_705_334_406, serial: "ST-00000002")))
        #expect(filter.admit(try wind(1_705_334_406, serial: "ST-00000002")) == .duplicate)
    }
}
