// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Testing

import Storage
import TempestUDP
@testable import CloudFollowing
@testable import Forecasting
@testable import Gateway
@testable import GatewayCore
@testable import GatewayStatus
@testable import MQTTSink
@testable import Pipeline
@testable import WebPage

/// What `status` and the REST fallback know of each device, kept in a
/// fixed-size entry per device.
@Suite("device activity")
struct DeviceActivityTests {
    static func message(_ datagram: String) throws -> TempestMessage {
        guard case .decoded(let message, _) = DatagramDecoder().decode(datagram) else {
            throw DecodeFailure(datagram: datagram)
        }
        return message
    }

    struct DecodeFailure: Error {
        let datagram: String
    }

    static let observation =
        #"{"serial_number":"ST-00187342","type":"obs_st","hub_sn":"HB-00094417","obs":[[1705334400,0.9,3.1,6.4,196,3,998.42,5.8,94.1,2870,0.09,24,0.14,1,0,0,2.512,1]],"firmware_revision":179}"#
    static let wind = #"{"serial_number":"ST-00187342","type":"rapid_wind","hub_sn":"HB-00094417","ob":[1705334403,2.5,180]}"#
    static let status =
        #"{"serial_number":"ST-00187342","type":"device_status","hub_sn":"HB-00094417","timestamp":1705334401,"uptime":8634012,"voltage":2.48,"firmware_revision":179,"rssi":-71,"hub_rssi":-68,"sensor_status":0,"debug":0}"#

    @Test("each type's last arrival, in type-name order, with source, battery and power mode")
    func noted() throws {
        let activity = DeviceActivity()
        #expect(activity.device(serial: "ST-00187342") == nil)
        activity.note(try Self.message(Self.wind), receivedAt: 1_800_000_000, source: .udp)
        activity.note(try Self.message(Self.observation), receivedAt: 1_800_000_010, source: .udp)
        activity.note(try Self.message(Self.wind), receivedAt: 1_800_000_013, source: .udp)
        let device = try #require(activity.device(serial: "ST-00187342"))
        #expect(device.lastReceivedByType.map(\.type) == ["obs_st", "rapid_wind"])
        #expect(device.lastReceivedByType.map(\.at) == [1_800_000_010, 1_800_000_013])
        #expect(device.source == "udp")
        #expect(device.batteryVolts == 2.512)
        #expect(device.powerSaveMode == 0)  // wind sampled every 3 s
        #expect(device.lastUDPObservationAt == 1_800_000_010)
        #expect(activity.serials == ["ST-00187342"])
    }

    @Test("a REST observation changes the source but not the last UDP observation; a status report the battery")
    func restAndStatus() throws {
        let activity = DeviceActivity()
        activity.note(try Self.message(Self.observation), receivedAt: 1_800_000_000, source: .udp)
        activity.note(try Self.message(Self.observation), receivedAt: 1_800_000_600, source: .rest)
        activity.note(try Self.message(Self.status), receivedAt: 1_800_000_601, source: .rest)
        let device = try #require(activity.device(serial: "ST-00187342"))
        #expect(device.source == "rest")
        #expect(device.lastUDPObservationAt == 1_800_000_000)
        #expect(device.batteryVolts == 2.48)
        #expect(device.lastReceivedByType.map(\.type) == ["device_status", "obs_st"])
    }

    @Test("a device heard only by wind has no battery, power mode or UDP observation yet")
    func windOnly() throws {
        let activity = DeviceActivity()
        activity.note(try Self.message(Self.wind), receivedAt: 1_800_000_000, source: .udp)
        let device = try #require(activity.device(serial: "ST-00187342"))
        #expect(device.batteryVolts == nil)
        #expect(device.powerSaveMode == nil)
        #expect(device.lastUDPObservationAt == nil)
    }
}
