// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import SystemSupport
import Testing
import TempestTestKit
import TempestUDP

/// The listener's relay on real loopback sockets: exactly the admitted
/// datagrams reach every target, byte for byte and in order, and a target
/// that refuses is counted without holding up the others.
@Suite("UDP relay", .serialized)
struct DatagramRelayTests {
    static let serial = "ST-00000045"
    let now = Int64(Date().timeIntervalSince1970)

    func observation(_ serial: String = serial, rows timestamps: [Int64]) -> [UInt8] {
        let rows = timestamps.map { "[\($0),0.5,1,2,90,3,1000,20,50,0,0,0,0.1,1,0,0,2.6,1]" }.joined(separator: ",")
        return Array(#"{"serial_number":"\#(serial)","type":"obs_st","hub_sn":"HB-00000045","obs":[\#(rows)]}"#.utf8)
    }

    func rapidWind(_ timestamp: Int64) -> [UInt8] {
        Array(#"{"serial_number":"\#(Self.serial)","type":"rapid_wind","hub_sn":"HB-00000045","ob":[\#(timestamp),3.27,194]}"#.utf8)
    }

    /// A listener on 127.0.0.1 admitting only the test's device, relaying to `targets`.
    func startListener(relayingTo targets: [String]) throws -> (UDPListener, UDPSender) {
        let configuration = UDPListenerConfiguration(
            bindAddress: "127.0.0.1", port: 0, relayTargets: try targets.map { try IPv4Endpoint(parsing: $0) })
        let listener = try UDPListener(configuration: configuration, admission: DeviceAdmission(configured: [Self.serial]))
        try listener.start { _ in }
        return (listener, try UDPSender(port: listener.boundPort))
    }

    @Test("fresh and late datagrams go to every target as received; repeats, refused devices, future dates and hostile input do not")
    func exactlyTheAdmitted() throws {
        let first = try UDPReceiver()
        let second = try UDPReceiver()
        let (listener, sender) = try startListener(relayingTo: [first.target, second.target])
        defer { listener.stop() }
        let future: Int64 = 4_102_358_400  // 2099-12-31
        let fresh = observation(rows: [now - 60])
        let newer = rapidWind(now - 3)
        let late = rapidWind(now - 6)
        // One row seen, one new: relayed whole, for the new row.
        let partlyRepeated = observation(rows: [now - 60, now - 50])
        let marker = rapidWind(now)
        let sent: [(datagram: [UInt8], relayed: Bool)] = [
            (fresh, true),
            (fresh, false),  // a repeat
            (newer, true),
            (late, true),  // late: admitted, so relayed
            (observation("ST-00000099", rows: [now - 40]), false),  // not the station's device
            (observation(rows: [future]), false),  // quarantined
            (observation(rows: [now - 30, future]), false),  // part of it quarantined
            (Array(#"{"serial_number":"ST-00000045","type":"obs_xyz","obs":[[1]]}"#.utf8), false),  // unknown type
            (partlyRepeated, true),
        ]
        for (datagram, _) in sent { try sender.send(datagram) }
        // Hostile input: rejected, or (line 13) a device that is not the station's.
        let hostile = try FixtureLoader.datagrams("malformed")
        for datagram in hostile { try sender.send(datagram) }
        try sender.send(marker)
        let expected = sent.filter(\.relayed).map(\.datagram) + [marker]
        for receiver in [first, second] {
            let received = receiver.receive(count: expected.count, timeoutSeconds: 10)
            #expect(received == expected, "\(received.map { String(decoding: $0, as: UTF8.self) })")
        }
        let statistics = listener.statistics
        #expect(statistics.relayed == UInt64(expected.count))
        #expect(statistics.relayTargets.map(\.target.description) == [first.target, second.target])
        #expect(statistics.relayTargets.map(\.datagramsSent) == [UInt64(expected.count), UInt64(expected.count)])
        #expect(statistics.relayTargets.map(\.failures) == [0, 0])
        #expect(statistics.duplicates == 1)
        #expect(statistics.late == 2)  // the older rapid wind; the partly repeated observation, older than the split one
        #expect(statistics.futureTimestamps == 2)
        #expect(statistics.unknownDevices == 2)
    }

    @Test("a target the kernel refuses is counted with its error; the others still get every datagram")
    func refusedTarget() throws {
        let receiver = try UDPReceiver()
        // The loopback broadcast address: without SO_BROADCAST the kernel
        // refuses the send at once (EACCES), so nothing leaves the host.
        let (listener, sender) = try startListener(relayingTo: ["127.255.255.255:9", receiver.target])
        defer { listener.stop() }
        let datagrams = [observation(rows: [now - 120]), rapidWind(now - 1), rapidWind(now)]
        for datagram in datagrams { try sender.send(datagram) }
        #expect(receiver.receive(count: datagrams.count, timeoutSeconds: 10) == datagrams)
        let statistics = listener.statistics
        #expect(statistics.relayed == 3)
        #expect(statistics.relayTargets.map(\.failures) == [3, 0])
        #expect(statistics.relayTargets.map(\.datagramsSent) == [0, 3])
        #expect(statistics.relayTargets.first?.lastErrorNumber == EACCES)
        #expect(listener.receiveLoopIsResponsive(withinSeconds: 5))
    }

    @Test("without targets nothing is relayed or counted as relayed")
    func noTargets() throws {
        let (listener, sender) = try startListener(relayingTo: [])
        defer { listener.stop() }
        try sender.send(rapidWind(now))
        for _ in 0..<500 where listener.statistics.decoded == 0 { usleep(10_000) }
        #expect(listener.statistics.decoded == 1)
        #expect(listener.statistics.relayed == 0)
        #expect(listener.statistics.relayTargets.isEmpty)
    }
}
