// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import GatewayCore
import Meteorology
import Pipeline
import Storage
import TempestTestKit
import TempestUDP
import Testing

/// The pipeline's rules, in process: a real store in a temporary folder and
/// a recording sink instead of a broker.
@Suite struct IngestorTests {
    static let observationTime: Int64 = 1_720_850_460
    static let observation = """
        {"serial_number":"ST-00054321","type":"obs_st","hub_sn":"HB-00012345","obs":[[\(observationTime),0.1,0.8,1.6,213,3,1009.2,27.4,71,812,0.06,7,0.0,0,0,0,2.68,1]],"firmware_revision":176}
        """
    static func rapidWind(at time: Int64) -> String {
        """
        {"serial_number":"ST-00054321","type":"rapid_wind","hub_sn":"HB-00012345","ob":[\(time),1.31,209]}
        """
    }

    /// A store, an ingestor over it and the sink it publishes to.
    struct Harness {
        let directory: TemporaryDirectory
        let writer: StoreWriter
        let sink: RecordingSink
        let activity = DeviceActivity()
        let ingestor: Ingestor

        init(rapidWindIntervalSeconds: Int64 = 0, highRateValues: Bool = false) throws {
            sink = RecordingSink(highRateValues: highRateValues, rapidWindIntervalSeconds: rapidWindIntervalSeconds)
            directory = try TemporaryDirectory()
            writer = try StoreWriter(path: directory.file("ingest.db"), observers: [sink])
            ingestor = Ingestor(
                writer: writer, summaries: DailySummaryKeeper(timeZone: .utc), activity: activity, planner: sink, site: nil,
                operatorLog: .silent)
        }

        func ingest(_ datagram: String, source: ObservationRecord.Source, receivedAt: Int64, isLate: Bool = false) throws {
            guard case .decoded(let message, _) = DatagramDecoder().decode(datagram) else {
                throw TestKitError("the test datagram did not decode: \(datagram)")
            }
            ingestor.ingest(message, source: source, receivedAt: receivedAt, isLate: isLate)
        }

        /// Commits what was submitted, then counts the stored observations and outbox entries.
        func committed() async throws -> (observations: Int, events: [String]) {
            try await writer.flush()
            return try await writer.perform { store in
                let observations = try store.observations(serial: "ST-00054321", from: 0, to: Int64.max).count
                let events = try store.nextOutboxBatch(limit: 100).map(\.topic)
                return (observations, events)
            }
        }
    }

    @Test func aUDPObservationIsStoredAndPublishedAfterItsCommit() async throws {
        let harness = try Harness()
        try harness.ingest(Self.observation, source: .udp, receivedAt: Self.observationTime + 1)
        let (observations, events) = try await harness.committed()
        #expect(observations == 1)
        #expect(events.contains("tempest/ST-00054321/event/observation"))
        let temperature = harness.sink.committedValues.first { $0.topic == "tempest/ST-00054321/air_temperature" }
        // The values reach the sink with the message's commit.
        #expect(temperature?.payload == "27.4")
        // The Tempest may be silent 5 minutes; its hub is noted too.
        #expect(harness.sink.devices.map(\.serial) == ["ST-00054321", "HB-00012345"])
        #expect(harness.sink.devices.first?.silenceAllowedSeconds == 300)
        #expect(harness.activity.device(serial: "ST-00054321") != nil)
        harness.writer.shutdown()
    }

    @Test func backfilledHistoryIsStoredButNeverPublished() async throws {
        let harness = try Harness()
        try harness.ingest(Self.observation, source: .backfill, receivedAt: Self.observationTime + 3_600)
        let (observations, events) = try await harness.committed()
        #expect(observations == 1)
        #expect(events.isEmpty)
        #expect(harness.sink.values.isEmpty)
        #expect(harness.sink.devices.isEmpty)
        // History does not count as the device being heard.
        #expect(harness.activity.device(serial: "ST-00054321") == nil)
        harness.writer.shutdown()
    }

    @Test func aLateMessageGivesEventsButNeverTheLatestValues() async throws {
        let harness = try Harness()
        try harness.ingest(Self.observation, source: .udp, receivedAt: Self.observationTime + 600, isLate: true)
        let (observations, events) = try await harness.committed()
        #expect(observations == 1)
        #expect(events.contains("tempest/ST-00054321/event/observation"))
        #expect(harness.sink.values.isEmpty)
        harness.writer.shutdown()
    }

    @Test func rapidWindIsThrottledForPublishingButAlwaysStored() async throws {
        let harness = try Harness(rapidWindIntervalSeconds: 15)
        // A window is published when the first sample of the next one comes.
        for offset: Int64 in [0, 3, 6, 15] {
            try harness.ingest(Self.rapidWind(at: Self.observationTime + offset), source: .udp, receivedAt: Self.observationTime + offset)
        }
        try await harness.writer.flush()
        let (stored, events) = try await harness.writer.perform { store in
            (
                try store.rapidWind(serial: "ST-00054321", from: 0, to: Int64.max).count,
                try store.nextOutboxBatch(limit: 100).map(\.topic)
            )
        }
        #expect(stored == 4)
        #expect(events.filter { $0.hasSuffix("/event/rapid_wind") }.count == 1)
        harness.writer.shutdown()
    }

    @Test("what changes every few seconds is published once, as its event, unless high-rate values are asked for")
    func highRateValuesOnlyInEvents() async throws {
        let hubStatus = """
            {"serial_number":"HB-00012345","type":"hub_status","firmware_revision":"194","uptime":27,"rssi":-63,"timestamp":\(Self.observationTime + 5),"reset_flags":"WDG","seq":2,"fs":[1,0,15675411,524288],"radio_stats":[25,2,0,3,12045],"mqtt_stats":[0,0]}
            """
        let deviceStatus = """
            {"serial_number":"ST-00054321","type":"device_status","hub_sn":"HB-00012345","timestamp":\(Self.observationTime + 7),"uptime":8634012,"voltage":2.512,"firmware_revision":179,"rssi":-71,"hub_rssi":-68,"sensor_status":0,"debug":0}
            """
        // Without high-rate values these topics are cleared (an empty retained
        // message), so that nothing an earlier version left there reads as current.
        let cleared: Set = [
            "tempest/ST-00054321/wind_speed", "tempest/ST-00054321/uptime",
            "tempest/HB-00012345/uptime", "tempest/HB-00012345/rssi", "tempest/HB-00012345/seq",
        ]
        for asked in [false, true] {
            let harness = try Harness(highRateValues: asked)
            try harness.ingest(Self.rapidWind(at: Self.observationTime + 3), source: .udp, receivedAt: Self.observationTime + 3)
            try harness.ingest(hubStatus, source: .udp, receivedAt: Self.observationTime + 5)
            try harness.ingest(deviceStatus, source: .udp, receivedAt: Self.observationTime + 7)
            try await harness.writer.flush()
            let events = try await harness.writer.perform { store in try store.nextOutboxBatch(limit: 100).map(\.topic) }
            // Every message still has its event, whatever the setting.
            #expect(
                events == [
                    "tempest/ST-00054321/event/rapid_wind", "tempest/HB-00012345/event/hub_status",
                    "tempest/ST-00054321/event/device_status",
                ])
            let values = Dictionary(harness.sink.values.map { ($0.topic, $0.payload) }, uniquingKeysWith: { $1 })
            // What changes rarely stays a plain value either way.
            #expect(values["tempest/HB-00012345/last_restart"] == "2024-07-13T06:00:00Z")
            #expect(values["tempest/HB-00012345/firmware_revision"] == "194")
            #expect(values["tempest/ST-00054321/voltage"] == "2.512")
            #expect(values["tempest/ST-00054321/rssi"] == "-71")
            if asked {
                #expect(cleared.allSatisfy { values[$0]?.isEmpty == false })
                #expect(values["tempest/ST-00054321/wind_speed"] == "1.31")
                #expect(values["tempest/ST-00054321/wind_direction"] == "209")
                #expect(values["tempest/HB-00012345/seq"] == "2")
            } else {
                #expect(cleared.allSatisfy { values[$0] == "" })
                // The observation publishes the minute's direction there: not cleared.
                #expect(values["tempest/ST-00054321/wind_direction"] == nil)
            }
            harness.writer.shutdown()
        }
    }

    @Test func aMessageTheStoreRefusesPublishesNothing() async throws {
        let harness = try Harness()
        harness.writer.shutdown()
        try harness.ingest(Self.observation, source: .udp, receivedAt: Self.observationTime + 1)
        #expect(harness.ingestor.refusedCount == 1)
        // Planned, but never committed: nothing reaches the sink.
        #expect(!harness.sink.values.isEmpty)
        #expect(harness.sink.committedValues.isEmpty)
    }
}
