// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Testing

import TempestUDP
@testable import CloudFollowing
@testable import Forecasting
@testable import GatewayCore
@testable import GatewayStatus
@testable import MQTTSink
@testable import Pipeline
@testable import Storage
@testable import WebPage

/// The WebSocket as a source and the nearby-strikes feed in `status`.
@Suite("status report: WebSocket and nearby strikes")
struct StatusReportCloudStrikeTests {
    static func report(nearby: NearbyStrikeTally.Summary?) throws -> StatusReport {
        let activity = DeviceActivity()
        let datagram = #"{"serial_number":"ST-00054321","type":"rapid_wind","hub_sn":"HB-00012345","ob":[1720850400,2.5,180]}"#
        guard case .decoded(let message, _) = DatagramDecoder().decode(datagram) else {
            throw CocoaError(.coderReadCorrupt)
        }
        activity.note(message, receivedAt: 1_720_850_400, source: .websocket)
        let writer = StoreWriterStatus(
            commitSequence: 1, committedThrough: 1, syncedThrough: 1, pendingCount: 0, isStorageUnavailable: false, lastError: nil,
            droppedRapidWindCount: 0, refusedCount: 0, rejectedCount: 0, outboxShedCount: 0)
        return StatusReport(
            startedAt: 1_720_850_000, bindAddress: "127.0.0.1", activity: activity, writerStatus: writer, databasePath: "/tmp/g.db",
            mqttEnabled: false, mqttConnected: false, mqttBroker: "", mqttInFlight: 0, nearbyStrikes: nearby)
    }

    static func json(_ report: StatusReport) throws -> [String: Any] {
        var text = ""
        report.writeJSON(now: 1_720_850_460) { text += $0 }
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static func text(_ report: StatusReport) -> String {
        var text = ""
        report.writeText(now: 1_720_850_460) { text += $0 }
        return text
    }

    @Test("a device heard over the WebSocket shows source websocket in text and JSON")
    func websocketSource() throws {
        let report = try Self.report(nearby: nil)
        let devices = try #require(try Self.json(report)["devices"] as? [[String: Any]])
        #expect(devices.first?["source"] as? String == "websocket")
        #expect(Self.text(report).contains("Device ST-00054321: last heard rapid_wind 60 seconds ago; source websocket"))
    }

    @Test("the nearby-strikes counts show only while the feed is on, labels before values")
    func nearbyCounts() throws {
        let off = try Self.report(nearby: nil)
        #expect(try Self.json(off)["nearby_strikes"] == nil)
        #expect(!Self.text(off).contains("Nearby lightning"))
        let on = try Self.report(
            nearby: .init(lastHourCount: 2, lastThreeHoursCount: 5, lastDistanceKilometers: 31.6, lastAt: 1_720_850_400))
        let nearby = try #require(try Self.json(on)["nearby_strikes"] as? [String: Any])
        #expect(nearby["last_3_hours"] as? Int == 5)
        #expect(nearby["last_hour"] as? Int == 2)
        #expect(nearby["last_distance_km"] as? Double == 31.6)
        #expect(nearby["last_at"] as? String == "2024-07-13T06:00:00Z")
        #expect(
            Self.text(on).contains(
                "Nearby lightning (other stations, from the WeatherFlow cloud): 5 strikes in the last 3 hours, 2 in the last hour; "
                    + "last strike 60 seconds ago, 31.6 kilometres away."))
    }
}
