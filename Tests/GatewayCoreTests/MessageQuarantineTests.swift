// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import GatewayCore
import Pipeline
import Storage
import TempestTestKit
import TempestUDP
import Testing

/// The REST path's rules: the clock alone judges a message's time, and
/// only the station's devices get through; a real store in a temporary folder.
@Suite struct MessageQuarantineTests {
    static let now: Int64 = 1_790_000_000

    func message(_ serial: String, _ timestamps: [Int64]) throws -> TempestMessage {
        let rows = timestamps.map { "[\($0),0.5,1,2,90,3,1000,20,50,0,0,0,0.1,1,0,0,2.6,1]" }.joined(separator: ",")
        guard case .decoded(let message, _) = DatagramDecoder().decode(
            #"{"serial_number":"\#(serial)","type":"obs_st","obs":[\#(rows)]}"#)
        else { throw TestKitError("the test datagram did not decode") }
        return message
    }

    @Test func aRESTRowAheadOfTheClockIsQuarantinedAndTheRestGoesOn() async throws {
        let directory = try TemporaryDirectory()
        let writer = try StoreWriter(path: directory.file("q.db"))
        let quarantine = MessageQuarantine(writer: writer, toleranceSeconds: 300, admission: nil)
        let mixed = try message("ST-00000001", [Self.now - 60, Self.now + 3_600])
        let accepted = quarantine.admitCloud(mixed, source: .rest, now: Self.now)
        #expect(accepted == (try message("ST-00000001", [Self.now - 60])))
        #expect(quarantine.admitCloud(try message("ST-00000001", [Self.now + 299]), source: .rest, now: Self.now) != nil)
        #expect(quarantine.cloudFutureCount == 1)
        try await writer.flush()
        let stored = try await writer.perform { store in try store.quarantined() }
        #expect(stored.map(\.timestamp) == [Self.now + 3_600])
        #expect(stored.first?.source == "rest")
        #expect(stored.first?.message.contains("\(Self.now + 3_600)") == true)
        writer.shutdown()
    }

    @Test func withTheClockAt1970NoRESTMessageIsAccepted() async throws {
        let directory = try TemporaryDirectory()
        let writer = try StoreWriter(path: directory.file("q.db"))
        let quarantine = MessageQuarantine(writer: writer, toleranceSeconds: 300, admission: nil)
        #expect(quarantine.admitCloud(try message("ST-00000001", [Self.now]), source: .backfill, now: 30) == nil)
        #expect(quarantine.cloudFutureCount == 1)
        writer.shutdown()
    }

    @Test func aRESTMessageFromAnotherStationIsRefusedAndNotQuarantined() async throws {
        let directory = try TemporaryDirectory()
        let writer = try StoreWriter(path: directory.file("q.db"))
        let admission = DeviceAdmission(configured: ["ST-00000001"])
        let quarantine = MessageQuarantine(writer: writer, toleranceSeconds: 300, admission: admission)
        #expect(quarantine.admitCloud(try message("ST-00000002", [Self.now + 3_600]), source: .rest, now: Self.now) == nil)
        #expect(quarantine.cloudRefusedCount == 1)
        #expect(quarantine.cloudFutureCount == 0)
        #expect(quarantine.admitCloud(try message("ST-00000001", [Self.now]), source: .rest, now: Self.now) != nil)
        #expect(admission.snapshot().refused.map(\.serial) == ["ST-00000002"])
        writer.shutdown()
    }

    @Test func theQuarantineKeepsOnlyTheNewestRows() async throws {
        let directory = try TemporaryDirectory()
        let writer = try StoreWriter(path: directory.file("q.db"))
        let quarantine = MessageQuarantine(writer: writer, toleranceSeconds: 0, admission: nil)
        let extra = 5
        for index in 0..<(Int(Store.quarantineRowLimit) + extra) {
            _ = quarantine.admitCloud(try message("ST-00000001", [Self.now + 10 + Int64(index)]), source: .rest, now: Self.now)
        }
        try await writer.flush()
        let stored = try await writer.perform { store in try store.quarantined() }
        #expect(stored.count == Int(Store.quarantineRowLimit))
        #expect(stored.first?.timestamp == Self.now + 10 + Int64(extra))
        writer.shutdown()
    }
}
