// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Testing

import ForecastBridge
import TempestTestKit
import TempestUDP
@testable import CloudFollowing
@testable import Forecasting
@testable import Gateway
@testable import GatewayCore
@testable import GatewayStatus
@testable import MQTTSink
@testable import Pipeline
@testable import Storage
@testable import WebPage

/// The status report is written out in pieces, so that a gateway hearing
/// thousands of devices never holds the whole text.
@Suite("status report")
struct StatusReportTests {
    static let deviceCount = 2_000

    static func report() throws -> StatusReport {
        let activity = DeviceActivity()
        let decoder = DatagramDecoder()
        // Noted in reverse, so that the report's serial order is its own doing.
        for index in (0..<deviceCount).reversed() {
            let datagram = #"{"serial_number":"ST-1\#(String(index + 1_000_000).dropFirst())","type":"rapid_wind","hub_sn":"HB-00000001","ob":[1720850400,2.5,180]}"#
            guard case .decoded(let message, _) = decoder.decode(datagram) else {
                Issue.record("not decoded: \(datagram)")
                continue
            }
            activity.note(message, receivedAt: 1_720_850_400, source: .udp)
        }
        let writer = StoreWriterStatus(
            commitSequence: 7, committedThrough: 7, syncedThrough: 7, pendingCount: 0, isStorageUnavailable: false, lastError: nil,
            droppedRapidWindCount: 0, refusedCount: 0, rejectedCount: 0, outboxShedCount: 0)
        return StatusReport(
            startedAt: 1_720_850_000, listener: nil, bindAddress: "127.0.0.1", activity: activity, writerStatus: writer,
            databasePath: "/tmp/g.db", outboxDepth: 0, mqttEnabled: false, mqttConnected: false, mqttBroker: "", mqttInFlight: 0,
            cloud: nil)
    }

    @Test("JSON: pieces of bounded size that join into the whole report, devices in serial order")
    func jsonInPieces() throws {
        var pieces = [String]()
        try Self.report().writeJSON(now: 1_720_850_460) { pieces.append($0) }
        #expect(pieces.count > 5)
        // A piece ends after the device that took it past the bound.
        #expect(pieces.allSatisfy { $0.utf8.count < StatusReport.pieceBytes + 512 })
        let whole = pieces.joined()
        #expect(whole.hasSuffix("}\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(whole.utf8)) as? [String: Any])
        let devices = try #require(object["devices"] as? [[String: Any]])
        let serials = devices.compactMap { $0["serial_number"] as? String }
        #expect(serials.count == Self.deviceCount)
        #expect(serials == serials.sorted())
        #expect((devices.first?["last_message_age_seconds"] as? [String: Int])?["rapid_wind"] == 60)
    }

    @Test("text: pieces of whole lines that join into the whole report")
    func textInPieces() throws {
        var pieces = [String]()
        try Self.report().writeText(now: 1_720_850_460) { pieces.append($0) }
        #expect(pieces.count > 5)
        #expect(pieces.allSatisfy { $0.hasSuffix("\n") && $0.utf8.count < StatusReport.pieceBytes + 512 })
        let lines = pieces.joined().split(separator: "\n")
        let deviceLines = lines.filter { $0.hasPrefix("Device ST-") }
        #expect(deviceLines.count == Self.deviceCount)
        #expect(deviceLines.first == "Device ST-1000000: last heard rapid_wind 60 seconds ago; source udp.")
        #expect(lines.first?.hasPrefix("Gateway version") == true)
        #expect(lines.last == "Forecasts: off (no location, or turned off).")
    }

    @Test("the WebSocket follower: a sentence with labels before values, and a JSON object")
    func webSocketPart() throws {
        var report = try Self.report()
        var text = [String]()
        report.writeText(now: 1_720_850_460) { text.append($0) }
        #expect(!text.joined().contains("WebSocket"))  // off: not mentioned
        var state = WebSocketFollowerState(alwaysIngests: false)
        state.connected = true
        state.connectedSince = 1_720_850_100
        state.reconnectCount = 2
        state.messagesByKind = ["rapid_wind": 120, "obs_st": 6]
        state.malformedCount = 1
        var device = WebSocketFollowerState.Device(deviceID: 211_522)
        device.subscribed = true
        device.lastMessageAt = 1_720_850_457
        device.messages = 126
        state.devices["ST-00054321"] = device
        report.webSocket = state
        let sentence = report.webSocketText(now: 1_720_850_460)
        #expect(sentence.hasPrefix("WeatherFlow WebSocket: connected for 360 seconds; mode udp and websocket, standing in for quiet UDP; reconnects 2."))
        #expect(sentence.contains("WebSocket messages: obs_st 6, rapid_wind 120; unreadable 1."))
        #expect(sentence.contains("WebSocket device ST-00054321: subscribed; last message 3 seconds ago; messages 126; not stored (UDP live), strikes excepted."))
        var pieces = [String]()
        report.writeJSON(now: 1_720_850_460) { pieces.append($0) }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(pieces.joined().utf8)) as? [String: Any])
        let webSocket = try #require(object["weatherflow_websocket"] as? [String: Any])
        #expect(webSocket["state"] as? String == "connected")
        #expect(webSocket["mode"] as? String == "udp+websocket")
        #expect(webSocket["reconnects"] as? Int == 2)
        #expect((webSocket["messages"] as? [String: Int])?["rapid_wind"] == 120)
        let devices = try #require(webSocket["devices"] as? [String: [String: Any]])
        #expect(devices["ST-00054321"]?["last_message_age_seconds"] as? Int == 3)
        #expect(devices["ST-00054321"]?["stands_in"] as? Bool == false)
    }

    @Test("the database's size on disk, in text and JSON")
    func databaseSize() throws {
        let directory = try TemporaryDirectory(prefix: "status-size")
        let path = directory.file("g.db")
        _ = try Store(path: path)
        var report = try Self.report()
        report.databasePath = path
        let bytes = Store.diskBytes(databasePath: path)
        #expect(bytes > 0)
        var text = ""
        report.writeText(now: 1_720_850_460) { text += $0 }
        #expect(text.contains("Database \(path): writable; size \(ByteCount.text(bytes)); writes waiting: 0."))
        var json = ""
        report.writeJSON(now: 1_720_850_460) { json += $0 }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect((object["database"] as? [String: Any])?["size_bytes"] as? Int == Int(bytes))
    }

    @Test("the forecast's call budget of the day, in text and JSON")
    func forecastBudget() throws {
        var budget = CallBudget(dailyLimit: 500)
        try budget.charge(12, at: 1_720_850_400)
        var report = try Self.report()
        report.forecast = ForecastStatus(locationKey: "39.7,-105", budget: budget)
        var text = ""
        report.writeText(now: 1_720_850_460) { text += $0 }
        #expect(text.contains("Forecasts for 39.7,-105: none fetched yet. Open-Meteo calls today (UTC): 12 of 500 weighted.\n"))
        var json = ""
        report.writeJSON(now: 1_720_850_460) { json += $0 }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let forecast = try #require(object["forecast"] as? [String: Any])
        #expect(forecast["calls_today"] as? Double == 12)
        #expect(forecast["daily_call_limit"] as? Double == 500)
        // The next UTC day starts from nothing.
        var tomorrow = ""
        report.writeText(now: 1_720_850_460 + 86_400) { tomorrow += $0 }
        #expect(tomorrow.contains("Open-Meteo calls today (UTC): 0 of 500 weighted."))
    }
}
