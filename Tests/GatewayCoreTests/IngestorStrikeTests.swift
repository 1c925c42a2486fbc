// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import GatewayCore
import Pipeline
import Storage
import TempestCloud
import TempestTestKit
import TempestUDP
import Testing

/// Strikes by two ways (the station's UDP, the WeatherFlow WebSocket with
/// the cloud's mark), `mqtt.lightning_strikes`, and the nearby-strikes
/// feed, in process: a real store and a recording sink.
@Suite struct IngestorStrikeTests {
    static let time: Int64 = 1_720_850_460
    static let lightningEvent = "tempest/ST-00054321/event/lightning_strike"

    /// The station's `evt_strike` at `time`, distance 12 km, energy 3848.
    static func udpStrike(at time: Int64 = time) throws -> TempestMessage {
        let datagram = """
            {"serial_number":"ST-00054321","type":"evt_strike","hub_sn":"HB-00012345","evt":[\(time),12,3848]}
            """
        guard case .decoded(let message, _) = DatagramDecoder().decode(datagram) else {
            throw TestKitError("the test datagram did not decode: \(datagram)")
        }
        return message
    }

    /// The same strike as the cloud gives it: other distance and energy, and `mark`.
    static func cloudStrike(_ mark: LightningStrikeMark?, at time: Int64 = time) throws -> TempestMessage {
        guard case .lightningStrike(var event) = try udpStrike(at: time) else { throw TestKitError("not a strike") }
        event.distanceKilometers = 14
        event.energy = -20
        event.cloudMark = mark
        return .lightningStrike(event)
    }

    struct Harness {
        let directory: TemporaryDirectory
        let writer: StoreWriter
        let sink = RecordingSink()
        let ingestor: Ingestor

        init(confirmedOnly: Bool = false) throws {
            directory = try TemporaryDirectory()
            writer = try StoreWriter(path: directory.file("strikes.db"))
            ingestor = Ingestor(
                writer: writer, summaries: DailySummaryKeeper(timeZone: .utc), activity: DeviceActivity(), planner: sink, site: nil,
                operatorLog: .silent, figures: StationFigures(timeZone: .utc),
                publishesConfirmedStrikesOnly: confirmedOnly)
        }

        func ingest(_ message: TempestMessage, _ source: ObservationRecord.Source) {
            ingestor.ingest(message, source: source, receivedAt: IngestorStrikeTests.time + 2, isLate: false)
        }

        /// The committed strikes, outbox events (topic and payload) and the day's summary.
        func committed() async throws -> (strikes: [LightningStrikeRecord], events: [(topic: String, payload: String)], summary: DailySummaryRecord?) {
            try await writer.flush()
            return try await writer.perform { store in
                (
                    try store.lightningStrikes(from: 0, to: .max),
                    try store.nextOutboxBatch(limit: 100).map { ($0.topic, String(decoding: $0.payload, as: UTF8.self)) },
                    try store.dailySummary(serial: "ST-00054321", localDate: "2024-07-13")
                )
            }
        }

        func values(_ field: String) -> [String] {
            sink.values.filter { $0.topic == "tempest/ST-00054321/\(field)" }.map(\.payload)
        }
    }

    @Test func aUDPStrikeThenItsWebSocketCopyIsOneRowWithTheMarkCountedAndPublishedOnce() async throws {
        let harness = try Harness()
        harness.ingest(try Self.udpStrike(), .udp)
        harness.ingest(try Self.cloudStrike(.enhanced), .websocket)
        harness.ingest(try Self.cloudStrike(.confirmed), .websocket)
        let (strikes, events, summary) = try await harness.committed()
        #expect(strikes.count == 1)
        #expect(strikes.first?.distanceKilometers == 12)
        #expect(strikes.first?.energy == 3_848)
        #expect(strikes.first?.cloudMark == .confirmed)
        let published = events.filter { $0.topic == Self.lightningEvent }
        #expect(published.count == 1)
        #expect(published.first?.payload.contains(#""cloud_mark""#) == false, "the UDP strike went out unmarked")
        #expect(harness.values("lightning_strike_last_distance") == ["12"])
        #expect(summary?.closestStrikeKilometers == 12)
        harness.writer.shutdown()
    }

    @Test func aWebSocketStrikeThenTheStationsCopyIsOneRowWithTheCloudsValuesPublishedOnce() async throws {
        let harness = try Harness()
        harness.ingest(try Self.cloudStrike(nil), .websocket)
        harness.ingest(try Self.udpStrike(), .udp)
        let (strikes, events, summary) = try await harness.committed()
        #expect(strikes == [LightningStrikeRecord(serial: "ST-00054321", timestamp: Self.time, distanceKilometers: 14, energy: -20, cloudMark: .unmarked)])
        #expect(events.filter { $0.topic == Self.lightningEvent }.count == 1)
        #expect(harness.values("lightning_strike_last_distance") == ["14"])
        #expect(summary?.closestStrikeKilometers == 14)
        harness.writer.shutdown()
    }

    @Test func aWebSocketStrikeCarriesItsMarkInTheEventAndItsSourceName() async throws {
        let harness = try Harness()
        harness.ingest(try Self.cloudStrike(.enhanced), .websocket)
        let (strikes, events, _) = try await harness.committed()
        #expect(strikes.map(\.cloudMark) == [.enhanced])
        let payload = try #require(events.first { $0.topic == Self.lightningEvent }?.payload)
        #expect(payload.contains(#""cloud_mark":"enhanced""#))
        #expect(payload.contains(#""source":"websocket""#))
        harness.writer.shutdown()
    }

    @Test func withConfirmedOnlyEveryStrikeIsStoredAndOnlyTheConfirmedOnePublishedOnceWithItsFirstValues() async throws {
        let harness = try Harness(confirmedOnly: true)
        harness.ingest(try Self.udpStrike(), .udp)
        harness.ingest(try Self.cloudStrike(nil, at: Self.time + 30), .websocket)
        harness.ingest(try Self.cloudStrike(.enhanced, at: Self.time + 60), .websocket)
        var (strikes, events, summary) = try await harness.committed()
        #expect(strikes.count == 3)
        #expect(events.filter { $0.topic == Self.lightningEvent }.isEmpty)
        #expect(harness.values("lightning_strike_last_distance").isEmpty)
        #expect(harness.values("lightning_nearby").isEmpty)
        #expect(summary?.closestStrikeKilometers == nil)
        #expect(harness.sink.devices.contains { $0.serial == "ST-00054321" }, "a strike kept back still says the device spoke")

        // The cloud confirms the UDP strike: published now, with the station's values.
        harness.ingest(try Self.cloudStrike(.confirmed), .websocket)
        harness.ingest(try Self.cloudStrike(.confirmed), .websocket)
        (strikes, events, summary) = try await harness.committed()
        #expect(strikes.count == 3)
        #expect(strikes.first { $0.timestamp == Self.time }?.cloudMark == .confirmed)
        let published = events.filter { $0.topic == Self.lightningEvent }
        #expect(published.count == 1)
        #expect(published.first?.payload.contains(#""cloud_mark":"confirmed""#) == true)
        #expect(published.first?.payload.contains(#""distance":12"#) == true)
        #expect(harness.values("lightning_strike_last_distance") == ["12"])
        #expect(harness.values("lightning_nearby") == ["ON"])
        #expect(summary?.closestStrikeKilometers == 12)
        harness.writer.shutdown()
    }

    @Test func aNearbyStrikeIsStoredOnceAndPublishedOnceOnTheGatewaysNearbyTopic() async throws {
        let harness = try Harness()
        let strike = NearbyStrike(
            timestamp: UnixTimestamp(secondsSince1970: Self.time), latitude: 52.5, longitude: 13.25, distanceKilometers: 31.6,
            energy: -812, stationID: 4_242, cloudMark: .confirmed)
        harness.ingestor.ingestNearbyStrike(strike, receivedAt: Self.time + 5)
        harness.ingestor.ingestNearbyStrike(strike, receivedAt: Self.time + 6)
        try await harness.writer.flush()
        let (rows, events) = try await harness.writer.perform { store in
            (
                try store.nearbyStrikes(from: 0, to: .max),
                try store.nextOutboxBatch(limit: 100).map { ($0.topic, String(decoding: $0.payload, as: UTF8.self)) }
            )
        }
        #expect(rows.count == 1)
        #expect(rows.first?.distanceKilometers == 32)
        #expect(rows.first?.cloudMark == .confirmed)
        #expect(events.map(\.0) == ["tempest/gateway/event/nearby_lightning"])
        let payload = try #require(events.first?.1)
        for member in [
            #""station_id":4242"#, #""timestamp":1720850460"#, #""time":"2024-07-13T06:01:00Z""#, #""distance":31.6"#,
            #""latitude":52.5"#, #""longitude":13.25"#, #""energy":-812"#, #""cloud_mark":"confirmed""#,
        ] {
            #expect(payload.contains(member), "\(member) in \(payload)")
        }
        // The station's own lightning is untouched.
        #expect(try await harness.committed().strikes.isEmpty)
        let summary = harness.ingestor.nearbyStrikes.summary(now: Self.time + 60)
        #expect(summary.lastHourCount == 1)
        #expect(summary.lastThreeHoursCount == 1)
        #expect(summary.lastDistanceKilometers == 31.6)
        #expect(harness.ingestor.nearbyStrikes.summary(now: Self.time + 3_700).lastHourCount == 0)
        #expect(harness.ingestor.nearbyStrikes.summary(now: Self.time + 3_700).lastThreeHoursCount == 1)
        harness.writer.shutdown()
    }

    /// An `obs_st` at `time` whose minute saw 3 strikes 10 km away.
    static func stormyObservation(at time: Int64) throws -> TempestMessage {
        let datagram = """
            {"serial_number":"ST-00054321","type":"obs_st","hub_sn":"HB-00012345","obs":[[\(time),0.1,0.8,1.6,213,3,1009.2,27.4,71,812,0.06,7,0.0,0,10,3,2.68,1]],"firmware_revision":176}
            """
        guard case .decoded(let message, _) = DatagramDecoder().decode(datagram) else {
            throw TestKitError("the test datagram did not decode: \(datagram)")
        }
        return message
    }

    @Test func withConfirmedOnlyTheCountersCountConfirmedStrikesNotTheObservationsCounts() async throws {
        let all = try Harness()
        all.ingest(try Self.stormyObservation(at: Self.time - 60), .udp)
        #expect(all.values("lightning_strikes_today") == ["3"])
        #expect(all.values("lightning_strike_count") == ["3"])
        #expect(all.values("lightning_nearby") == ["ON"])
        all.writer.shutdown()

        let confirmed = try Harness(confirmedOnly: true)
        confirmed.ingest(try Self.stormyObservation(at: Self.time - 60), .udp)
        #expect(confirmed.values("lightning_strikes_today") == ["0"])
        #expect(confirmed.values("lightning_strike_count").isEmpty)
        #expect(confirmed.values("lightning_strike_avg_distance").isEmpty)
        #expect(confirmed.values("lightning_nearby") == ["OFF"])
        confirmed.ingest(try Self.cloudStrike(.confirmed), .websocket)
        confirmed.ingest(try Self.stormyObservation(at: Self.time), .udp)
        #expect(confirmed.values("lightning_strikes_today") == ["0", "1"])
        #expect(confirmed.values("lightning_strikes_last_hour").last == "1")
        #expect(confirmed.values("lightning_nearby").last == "ON")
        let summary = try await confirmed.committed().summary
        #expect(summary?.strikeCount == 1)
        confirmed.writer.shutdown()
    }
}
