// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Testing

@testable import CloudFollowing
@testable import Forecasting
@testable import Gateway
@testable import GatewayCore
@testable import GatewayStatus
@testable import MQTTSink
@testable import Pipeline
@testable import WebPage

/// The publisher's per-device entry: what discovery announces and when a
/// device counts as silent.
@Suite("tracked device")
struct TrackedDeviceTests {
    @Test("a field a message does not know keeps its known value; only a real change counts")
    func merge() {
        var tracked = TrackedDevice(heardAt: 1_720_850_400)
        let first = tracked.merge(.init(serial: "HB-1", family: .hub, hubSerial: nil, firmware: "194"))
        #expect(first)
        let withoutFirmware = tracked.merge(.init(serial: "HB-1", family: .hub, hubSerial: nil, firmware: nil))
        #expect(!withoutFirmware)
        #expect(tracked.device(serial: "HB-1") == .init(serial: "HB-1", family: .hub, hubSerial: nil, firmware: "194"))
        let upgraded = tracked.merge(.init(serial: "HB-1", family: nil, hubSerial: nil, firmware: "195"))
        #expect(upgraded)
        #expect(tracked.device(serial: "HB-1").firmware == "195")
        #expect(tracked.device(serial: "HB-1").family == .hub)
    }

    @Test("silent after its own allowance, or five minutes before one is known")
    func silence() {
        var tracked = TrackedDevice(heardAt: 1_720_850_400)
        #expect(tracked.silentAfterUnixSeconds == 1_720_850_700)
        tracked.silenceAllowedSeconds = 900
        tracked.lastHeardUnixSeconds = 1_720_851_000
        #expect(tracked.silentAfterUnixSeconds == 1_720_851_900)
    }

    @Test("an entry is at most 48 bytes: the publisher keeps one per device")
    func compact() {
        #expect(MemoryLayout<TrackedDevice>.stride <= 48)
    }
}
