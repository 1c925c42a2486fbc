// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Synchronization
import Testing
import TempestTestKit
@testable import TempestUDP

/// The future-timestamp rule: by the clock while it is plausible, by the
/// newest accepted timestamp while it is not (a Pi at 1970 before NTP).
@Suite("Future timestamps")
struct FutureTimestampRuleTests {
    func message(_ text: String) throws -> TempestMessage {
        try FixtureLoader.message(text)
    }

    func observation(_ timestamps: [Int64], serial: String = "ST-00000001") throws -> TempestMessage {
        let rows = timestamps.map { "[\($0),0.5,1,2,90,3,1000,20,50,0,0,0,0.1,1,0,0,2.6,1]" }.joined(separator: ",")
        return try message(#"{"serial_number":"\#(serial)","type":"obs_st","obs":[\#(rows)]}"#)
    }

    let now: Int64 = 1_790_000_000  // 2026-09

    @Test("with a plausible clock, the limit is the clock plus the tolerance, whatever was accepted")
    func plausibleClock() {
        var rule = FutureTimestampRule(toleranceSeconds: 300)
        #expect(FutureTimestampRule.clockIsPlausible(now))
        #expect(rule.latestAcceptableSeconds(nowSeconds: now, monotonicSeconds: 0) == now + 300)
        rule.noteAccepted(UnixTimestamp(secondsSince1970: now + 10_000), monotonicSeconds: 0)
        #expect(rule.latestAcceptableSeconds(nowSeconds: now, monotonicSeconds: 5) == now + 300)
        #expect(rule.latestAcceptableByClockSeconds(nowSeconds: now) == now + 300)
    }

    @Test("with the clock at 1970, nothing is judged until a message is accepted, then the newest accepted one is the reference")
    func clockAt1970() {
        var rule = FutureTimestampRule(toleranceSeconds: 300)
        let boot: Int64 = 12  // seconds after the epoch: no real-time clock, no NTP yet
        #expect(!FutureTimestampRule.clockIsPlausible(boot))
        #expect(rule.latestAcceptableSeconds(nowSeconds: boot, monotonicSeconds: 100) == nil)
        #expect(rule.latestAcceptableByClockSeconds(nowSeconds: boot) == nil)
        rule.noteAccepted(UnixTimestamp(secondsSince1970: now), monotonicSeconds: 100)
        #expect(rule.latestAcceptableSeconds(nowSeconds: boot, monotonicSeconds: 100) == now + 300)
        // Time passes on the monotonic clock: the reference moves with it,
        // so a quiet hour does not make the next genuine message "future".
        #expect(rule.latestAcceptableSeconds(nowSeconds: boot + 3600, monotonicSeconds: 3700) == now + 3600 + 300)
        // An older accepted message does not move the reference back.
        rule.noteAccepted(UnixTimestamp(secondsSince1970: now - 600), monotonicSeconds: 3700)
        #expect(rule.latestAcceptableSeconds(nowSeconds: boot + 3600, monotonicSeconds: 3700) == now + 3600 + 300)
        // The day before the floor is still implausible; the floor itself is not.
        #expect(!FutureTimestampRule.clockIsPlausible(FutureTimestampRule.plausibleClockFloor.secondsSince1970 - 86_400))
        #expect(FutureTimestampRule.clockIsPlausible(FutureTimestampRule.plausibleClockFloor.secondsSince1970))
    }

    @Test("an observation message is split row by row; other messages go whole")
    func splitting() throws {
        let mixed = try observation([now - 60, 4_102_358_400, now])
        let parts = mixed.splitAt(latestSeconds: now + 300)
        #expect(parts.accepted == (try observation([now - 60, now])))
        #expect(parts.future == (try observation([4_102_358_400])))
        let allGood = try observation([now])
        #expect(allGood.splitAt(latestSeconds: now + 300).accepted == allGood)
        #expect(allGood.splitAt(latestSeconds: now + 300).future == nil)
        let strike = try message(#"{"serial_number":"ST-00000001","type":"evt_strike","evt":[4102358400,27,3848]}"#)
        #expect(strike.splitAt(latestSeconds: now + 300).accepted == nil)
        #expect(strike.splitAt(latestSeconds: now + 300).future == strike)
    }

    final class Collector: Sendable {
        let events = Mutex<[ListenerEvent]>([])
        func add(_ event: ListenerEvent) { events.withLock { $0.append(event) } }
        var accepted: [TempestMessage] {
            events.withLock { $0.compactMap { if case .message(let received) = $0 { received.message } else { nil } } }
        }
        var future: [FutureMessage] {
            events.withLock { $0.compactMap { if case .future(let future) = $0 { future } else { nil } } }
        }
    }

    @Test("on a real socket a 2099 datagram is quarantined before the duplicate filter: the next genuine ones are not late")
    func listenerQuarantines() throws {
        let listener = try UDPListener(configuration: .init(bindAddress: "127.0.0.1", port: 0))
        defer { listener.stop() }
        let collector = Collector()
        try listener.start { collector.add($0) }
        let sender = try UDPSender(port: listener.boundPort)
        let clock = Int64(Date().timeIntervalSince1970)
        let datagram = #"{"serial_number":"ST-00000001","type":"obs_st","obs":[[4102358400,0.5,1,2,90,3,1000,99,50,0,0,0,9,1,0,0,2.6,1]]}"#
        try sender.send(datagram)
        for offset: Int64 in [0, 60, 120] {
            try sender.send(#"{"serial_number":"ST-00000001","type":"obs_st","obs":[[\#(clock + offset),0.5,1,2,90,3,1000,20,50,0,0,0,0.1,1,0,0,2.6,1]]}"#)
        }
        for _ in 0..<500 where collector.accepted.count < 3 { usleep(10_000) }
        #expect(collector.accepted.count == 3)
        #expect(collector.future.count == 1)
        #expect(collector.future.first?.datagram == datagram)
        #expect(listener.statistics.futureTimestamps == 1)
        #expect(listener.statistics.late == 0)
    }
}
