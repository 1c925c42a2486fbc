// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Logging
import MQTT
import Storage
import Synchronization
import TempestCloud
import TempestTestKit
import TempestUDP
import Testing
@testable import CloudFollowing
@testable import Forecasting
@testable import GatewayCore
@testable import GatewayStatus
@testable import MQTTSink
@testable import Pipeline
@testable import WebPage

/// Strikes from the WebSocket and the nearby-strikes feed through the
/// ingestor, the outbox and a real publisher to a real broker.
@Suite("Cloud strikes published", .serialized)
struct CloudStrikePublishingTests {
    static let time: Int64 = 1_720_850_460

    static func strike(at time: Int64, distance: Double, mark: LightningStrikeMark?) throws -> TempestMessage {
        let datagram = """
            {"serial_number":"ST-00054321","type":"evt_strike","hub_sn":"HB-00012345","evt":[\(time),\(Int(distance)),3848]}
            """
        guard case .decoded(.lightningStrike(var event), _) = DatagramDecoder().decode(datagram) else {
            throw TestKitError("the test datagram did not decode: \(datagram)")
        }
        event.distanceKilometers = distance
        event.cloudMark = mark
        return .lightningStrike(event)
    }

    @Test("with lightning_strikes = confirmed every strike is stored and only the confirmed ones reach the broker, once")
    func confirmedOnly() async throws {
        let broker = try MosquittoBroker()
        let directory = try TemporaryDirectory()
        var configuration = StoreWriterConfiguration()
        configuration.acknowledgementDelaySeconds = 0.1  // the outbox empties soon after delivery
        let (writer, publisher, pump) = try GatewayPublisherTests.committingPublisher(
            broker: broker, path: directory.file("confirmed.db"), configuration: configuration, clientID: "test-confirmed")
        defer {
            pump.cancel()
            writer.shutdown()
        }
        let ingestor = Ingestor(
            writer: writer, summaries: DailySummaryKeeper(timeZone: .utc), activity: DeviceActivity(),
            planner: PublicationPlanner(format: publisher.format, rapidWindIntervalSeconds: 0), site: nil,
            operatorLog: .silent, figures: StationFigures(timeZone: .utc), publishesConfirmedStrikesOnly: true)
        try await GatewayPublisherTests.startConnected(publisher)
        await publisher.pump()
        let watcher = try ChildProcess(
            executable: "/usr/bin/mosquitto_sub",
            arguments: [
                "-h", "127.0.0.1", "-p", String(broker.port), "-t", "tempest/+/event/lightning_strike", "-t",
                "tempest/gateway/event/nearby_lightning", "-q", "1", "-v", "-W", "60",
            ])
        try watcher.start()
        try await Task.sleep(nanoseconds: 400_000_000)  // the subscription is in place

        let now = Self.time + 2
        // The station's strike, unconfirmed: stored, not published.
        ingestor.ingest(try Self.strike(at: Self.time, distance: 12, mark: nil), source: .udp, receivedAt: now, isLate: false)
        // The cloud's copy of it, enhanced, then confirmed twice: published once.
        ingestor.ingest(try Self.strike(at: Self.time, distance: 14, mark: .enhanced), source: .websocket, receivedAt: now, isLate: false)
        ingestor.ingest(try Self.strike(at: Self.time, distance: 14, mark: .confirmed), source: .websocket, receivedAt: now, isLate: false)
        ingestor.ingest(try Self.strike(at: Self.time, distance: 14, mark: .confirmed), source: .websocket, receivedAt: now, isLate: false)
        // Another strike, only enhanced: stored, not published.
        ingestor.ingest(try Self.strike(at: Self.time + 40, distance: 20, mark: .enhanced), source: .websocket, receivedAt: now, isLate: false)
        // The nearby feed is not filtered by the option.
        ingestor.ingestNearbyStrike(
            NearbyStrike(
                timestamp: UnixTimestamp(secondsSince1970: Self.time), latitude: 40.1, longitude: -105.2, distanceKilometers: 8,
                energy: nil, stationID: 4_242, cloudMark: nil),
            receivedAt: now)
        try await writer.flush()

        // Both kinds arrive, then the outbox empties (everything was
        // delivered); only then is it known that nothing came twice.
        #expect(watcher.waitFor(timeoutSeconds: 30) { $0.standardOutputSoFar.contains("nearby_lightning") && $0.standardOutputSoFar.contains("event/lightning_strike") })
        for _ in 0..<300 {
            await publisher.pump()
            if try await writer.perform({ store in try store.nextOutboxBatch(limit: 10).isEmpty }) { break }
            try await Task.sleep(nanoseconds: 100_000_000)
        }
        try await Task.sleep(nanoseconds: 500_000_000)
        watcher.send(signal: SIGTERM)
        let lines = try watcher.wait(timeoutSeconds: 20).standardOutput.split(separator: "\n")
        let strikes = lines.filter { $0.hasPrefix("tempest/ST-00054321/event/lightning_strike ") }
        #expect(strikes.count == 1, "\(lines)")
        #expect(strikes.first?.contains(#""cloud_mark":"confirmed""#) == true)
        #expect(strikes.first?.contains(#""distance":12"#) == true)
        let nearby = lines.filter { $0.hasPrefix("tempest/gateway/event/nearby_lightning ") }
        #expect(nearby.count == 1)
        #expect(nearby.first?.contains(#""energy":null"#) == true)
        let stored = try await writer.perform { store in try store.lightningStrikes(from: 0, to: .max) }
        #expect(stored.map(\.cloudMark) == [.confirmed, .enhanced])
        #expect(stored.map(\.distanceKilometers) == [12, 20])
        await publisher.stop()
    }
}
