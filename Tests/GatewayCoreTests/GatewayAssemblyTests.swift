// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import Foundation
import GatewayCore
import Meteorology
import MQTT
import Storage
import TempestCloud
import TempestTestKit
import TempestUDP
import Testing

/// The run's parts assembled as `run` assembles them, in process: a
/// temporary database, a fake MQTT connection playing the broker, datagrams
/// and REST rows fed to the ingestor, no broker and no child process.
@Suite struct GatewayAssemblyTests {
    static let time: Int64 = 1_720_850_460
    static let observation = """
        {"serial_number":"ST-00054321","type":"obs_st","hub_sn":"HB-00012345","obs":[[\(time),0.1,0.8,1.6,213,3,1009.2,27.4,71,812,0.06,7,0.0,0,0,0,2.68,1]],"firmware_revision":176}
        """

    @Test func datagramsAndRESTRowsReachTheDatabaseAndThenTheBroker() async throws {
        let directory = try TemporaryDirectory()
        var settings = GatewayConfiguration()
        settings.storage.database = directory.file("assembly.db")
        settings.forecast.enabled = false
        let frozen = settings
        let connections = FakeMQTTConnections()
        var run = GatewayRun(
            settings: settings, databasePath: directory.file("assembly.db"), zone: .utc, operatorLog: .silent,
            hooks: GatewayRun.Hooks(
                reloadConfiguration: { frozen }, cloudClient: { _ in nil },
                mqttClientConfiguration: { _ in MQTTConfiguration(host: "127.0.0.1", port: 1, clientID: "assembly") },
                onListenerEvent: nil))
        run.makeMQTTConnection = connections.factory
        let parts = try await GatewayAssembly(run)
        let publisher = try #require(parts.publisher)
        let made = try #require(connections.current)
        let pump = Task { await publisher.run() }
        defer {
            pump.cancel()
            parts.writer.shutdown()
        }
        made.events(.connected(sessionPresent: false))

        // A datagram, as the listener hands it over.
        guard case .decoded(let message, _) = DatagramDecoder().decode(Self.observation) else {
            throw TestKitError("the datagram did not decode")
        }
        parts.ingestor.ingest(message, source: .udp, receivedAt: Self.time + 1, isLate: false)

        // REST rows, from a local stand-in of the WeatherFlow API, as the cloud follower hands them over.
        let server = try LocalHTTPServer()
        server.route("/observations/device/211522", .init(body: RESTFixtures.deviceObservations([Self.time + 60, Self.time + 120])))
        let client = WeatherFlowClient(token: APIToken("assembly-token")!, baseURL: server.baseURL)
        let rows = try await client.deviceObservations(
            deviceID: 211_522, from: UnixTimestamp(secondsSince1970: Self.time), to: UnixTimestamp(secondsSince1970: Self.time + 180))
        let envelope = MessageEnvelope(serialNumber: SerialNumber("ST-00054321")!, hubSerialNumber: SerialNumber("HB-00012345"))
        parts.ingestor.ingest(.tempestObservation(TempestObservation(envelope: envelope, rows: rows)), source: .rest, receivedAt: Self.time + 125, isLate: false)
        try await parts.writer.flush()

        // The database holds all three, with their sources.
        let stored = try Store(readOnlyPath: directory.file("assembly.db")).observations(serial: "ST-00054321", from: 0, to: .max)
        #expect(stored.map(\.timestamp) == [Self.time, Self.time + 60, Self.time + 120])
        #expect(stored.map(\.source) == [.udp, .rest, .rest])

        // The broker gets each message's event and its latest values, after their commit.
        // The broker acknowledges what it gets, so that the publisher's windows keep room.
        var topics: [String] = []
        var acknowledged = 0
        for _ in 0..<500 {
            let publications = made.client.publications
            for publication in publications.dropFirst(acknowledged) { made.events(.published(messageID: publication.messageID)) }
            acknowledged = publications.count
            topics = made.client.topics
            let temperature = made.client.publications.last { $0.topic == "tempest/ST-00054321/air_temperature" }?.payload
            if topics.filter({ $0 == "tempest/ST-00054321/event/observation" }).count == 2 && temperature == "12.5" { break }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        #expect(topics.filter { $0 == "tempest/ST-00054321/event/observation" }.count == 2)
        #expect(made.client.publications.last { $0.topic == "tempest/ST-00054321/air_temperature" }?.payload == "12.5")
        // Home Assistant discovery (on by default) announced the device once it was committed.
        let config = "homeassistant/sensor/ST-00054321/air_temperature/config"
        for _ in 0..<500 where !made.client.topics.contains(config) {
            let publications = made.client.publications
            for publication in publications.dropFirst(acknowledged) { made.events(.published(messageID: publication.messageID)) }
            acknowledged = publications.count
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        #expect(made.client.topics.contains(config))
        #expect(!made.client.publishingThreads.contains("store-writer"))
        // The status report sees the device and the outbox.
        #expect(parts.reportNow().mqttConnected)
    }
}
