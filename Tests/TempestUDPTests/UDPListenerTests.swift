// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Synchronization
import Testing
import TempestTestKit
import TempestUDP

/// The listener on a real loopback socket.
@Suite("UDP listener", .serialized)
struct UDPListenerTests {
    final class Collector: Sendable {
        let events = Mutex<[ListenerEvent]>([])
        func add(_ event: ListenerEvent) { events.withLock { $0.append(event) } }
        var messages: [ReceivedMessage] {
            events.withLock { $0.compactMap { if case .message(let message) = $0 { message } else { nil } } }
        }
        var count: Int { events.withLock { $0.count } }
    }

    func startListener(_ configuration: UDPListenerConfiguration = .init(bindAddress: "127.0.0.1", port: 0))
        throws -> (UDPListener, Collector, UDPSender)
    {
        let listener = try UDPListener(configuration: configuration)
        let collector = Collector()
        try listener.start { collector.add($0) }
        return (listener, collector, try UDPSender(port: listener.boundPort))
    }

    /// Waits up to 5 s for `condition`.
    func eventually(_ condition: () -> Bool) -> Bool {
        for _ in 0..<500 {
            if condition() { return true }
            usleep(10_000)
        }
        return condition()
    }

    @Test("every valid fixture arrives decoded")
    func validFixtures() throws {
        let (listener, collector, sender) = try startListener()
        defer { listener.stop() }
        var expected = 0
        for file in FixtureLoader.validFiles {
            for datagram in try FixtureLoader.datagrams(file) {
                try sender.send(datagram)
                expected += 1
            }
        }
        #expect(eventually { collector.messages.count == expected })
        #expect(listener.statistics.decoded == UInt64(expected))
        #expect(listener.statistics.rejected == 0)
        #expect(collector.messages.allSatisfy { $0.sourceAddress == "127.0.0.1" })
    }

    @Test("hostile datagrams are counted by reason and never stop the listener")
    func hostileDatagrams() throws {
        let (listener, collector, sender) = try startListener()
        defer { listener.stop() }
        let hostile = try FixtureLoader.datagrams("malformed")  // line 41 is a zero-length datagram
        for datagram in hostile { try sender.send(datagram) }
        try sender.send([UInt8](repeating: UInt8(ascii: "{"), count: 60_000))
        try sender.send(Array(#"{"serial_number":"ST-1","type":"rapid_wind","ob":[1705334403,3.27,194]}"#.utf8))
        #expect(eventually { collector.count == hostile.count + 2 })
        let statistics = listener.statistics
        #expect(statistics.datagramsReceived == UInt64(hostile.count + 2))
        #expect(statistics.unknownType == 2)
        #expect(statistics.unexpectedSerialPrefix == 1)
        #expect(statistics.rejectedByCategory["too_large"] == 2)
        #expect(statistics.rejected == UInt64(hostile.count + 2 - 2 - 2))
        #expect(collector.messages.last?.message.envelope.serialNumber.rawValue == "ST-1")
    }

    @Test("duplicates are dropped and counted; late messages are delivered marked late")
    func duplicatesAndLate() throws {
        let (listener, collector, sender) = try startListener()
        defer { listener.stop() }
        let newer = #"{"serial_number":"ST-1","type":"rapid_wind","ob":[1705334406,3.27,194]}"#
        let older = #"{"serial_number":"ST-1","type":"rapid_wind","ob":[1705334403,3.27,194]}"#
        for text in [newer, newer, older, newer] { try sender.send(text) }
        #expect(eventually { listener.statistics.datagramsReceived == 4 })
        #expect(collector.messages.map(\.isLate) == [false, true])
        #expect(listener.statistics.duplicates == 2)
        #expect(listener.statistics.late == 1)
    }

    @Test("allow-lists drop other serials and sources")
    func allowLists() throws {
        var configuration = UDPListenerConfiguration(bindAddress: "127.0.0.1", port: 0)
        configuration.allowedSerialNumbers = ["HB-00000001"]
        let (listener, collector, sender) = try startListener(configuration)
        defer { listener.stop() }
        try sender.send(#"{"serial_number":"ST-1","hub_sn":"HB-00000001","type":"evt_precip","evt":[1705333920]}"#)
        try sender.send(#"{"serial_number":"ST-2","hub_sn":"HB-00000666","type":"evt_precip","evt":[1705333920]}"#)
        #expect(eventually { listener.statistics.datagramsReceived == 2 })
        #expect(collector.messages.map(\.message.envelope.serialNumber.rawValue) == ["ST-1"])
        #expect(listener.statistics.notAllowed == 1)

        var sources = UDPListenerConfiguration(bindAddress: "127.0.0.1", port: 0)
        sources.allowedSourceAddresses = ["192.0.2.1"]
        let (other, otherCollector, otherSender) = try startListener(sources)
        defer { other.stop() }
        try otherSender.send(#"{"serial_number":"ST-1","type":"evt_precip","evt":[1705333920]}"#)
        #expect(eventually { other.statistics.notAllowed == 1 })
        #expect(otherCollector.count == 0)
    }

    @Test("two listeners can share one port (SO_REUSEPORT)")
    func sharedPort() throws {
        let first = try UDPListener(configuration: .init(bindAddress: "127.0.0.1", port: 0))
        try first.start { _ in }
        defer { first.stop() }
        let second = try UDPListener(configuration: .init(bindAddress: "127.0.0.1", port: first.boundPort))
        try second.start { _ in }
        defer { second.stop() }
        #expect(second.boundPort == first.boundPort)
    }

    @Test("a bad bind address is a clear error")
    func badAddress() {
        #expect(throws: ListenerError.invalidBindAddress("999.1.1.1")) {
            try UDPListener(configuration: .init(bindAddress: "999.1.1.1", port: 0)).start { _ in }
        }
    }
}
