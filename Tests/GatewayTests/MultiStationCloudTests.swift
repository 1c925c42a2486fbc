// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Storage
import TempestTestKit
import Testing

@testable import CloudFollowing
@testable import Forecasting
@testable import Gateway
@testable import GatewayCore
@testable import GatewayStatus
@testable import MQTTSink
@testable import Pipeline
@testable import WebPage

/// `run` with two configured stations: a Tempest in one, an AIR and a SKY
/// in the other. The local server plays the cloud for both.
@Suite("Cloud follower: every device of every configured station", .serialized)
struct MultiStationCloudTests {
    let tempest = "ST-00054321"  // station 98765, cloud device 211522
    let air = RESTFixtures.cabinAir
    let sky = RESTFixtures.cabinSky

    /// A cloud holding one row a minute at `times` for each of the three devices.
    func cloud(rowsAt times: [Int64]) throws -> LocalHTTPServer {
        let server = try LocalHTTPServer()
        server.route("/stations", .init(body: RESTFixtures.twoStations))
        server.route("/observations/device/211522") {
            .init(body: RESTFixtures.deviceObservations(Self.window(times, $0), rainMillimeters: 0.1))
        }
        let air = air
        let sky = sky
        server.route("/observations/device/\(air.deviceID)") { request in
            .init(body: RESTFixtures.deviceObservations(type: "obs_air", deviceID: air.deviceID, rows: Self.window(times, request).map { RESTFixtures.obsAirRow($0) }))
        }
        server.route("/observations/device/\(sky.deviceID)") { request in
            .init(
                body: RESTFixtures.deviceObservations(
                    type: "obs_sky", deviceID: sky.deviceID, rows: Self.window(times, request).map { RESTFixtures.obsSkyRow($0, rainMillimeters: 0.2) }))
        }
        server.route("/observations/station/98765", .init(body: RESTFixtures.stationObservation(stationID: 98765, rainCheckMillimeters: 1.5)))
        server.route("/observations/station/55555", .init(body: RESTFixtures.stationObservation(stationID: 55555, rainCheckMillimeters: 2.5)))
        return server
    }

    /// The times within the request's `time_start` and `time_end`.
    static func window(_ times: [Int64], _ request: LocalHTTPServer.RecordedRequest) -> [Int64] {
        let start = Int64(request.queryValue("time_start") ?? "") ?? .min
        let end = Int64(request.queryValue("time_end") ?? "") ?? .max
        return times.filter { $0 >= start && $0 <= end }
    }

    func airDatagram(_ time: Int64) -> String {
        #"{"serial_number":"\#(air.serial)","type":"obs_air","hub_sn":"\#(RESTFixtures.cabinHub)","obs":[[\#(time),835.0,10.0,45,0,0,3.46,1]],"firmware_revision":17}"#
    }

    @Test("two stations: the quiet Tempest and SKY are polled, the AIR's gap is backfilled, RainCheck goes per station")
    func followsBothStations() throws {
        let directory = try TemporaryDirectory()
        let database = directory.file("g.db")
        let token = directory.file("token")
        try "cloud-secret-789\n".write(toFile: token, atomically: true, encoding: .utf8)
        chmod(token, 0o600)
        let config = directory.file("config.toml")
        try "[[station]]\nstation_id = 98765\n\n[[station]]\nstation_id = 55555\n".write(toFile: config, atomically: true, encoding: .utf8)
        let now = Int64(Date().timeIntervalSince1970)
        let first = now / 60 * 60 - 40 * 60
        let minutes = (0..<41).map { first + Int64($0) * 60 }
        let server = try cloud(rowsAt: minutes)
        let heard = Array(minutes[0..<10]) + Array(minutes[30..<40])
        let replayFile = directory.file("udp.jsonl")
        try (heard.map(airDatagram).joined(separator: "\n") + "\n").write(toFile: replayFile, atomically: true, encoding: .utf8)
        let broker = try MosquittoBroker()

        let port = try FreePort.udp()
        let gateway = try ChildProcess(
            executable: Gateway.path,
            arguments: [
                "run", "--config", config, "--database", database, "--udp-address", "127.0.0.1", "--udp-port", String(port),
                "--print", "none", "--mqtt-host", "127.0.0.1", "--mqtt-port", String(broker.port), "--timezone", "UTC",
                "--token-file", token, "--weatherflow-api", server.baseURL,
                "--fallback-after-test-seconds", "10", "--backfill-days", "1", "--cloud-interval-seconds", "0.5",
            ])
        try gateway.start()
        #expect(gateway.waitFor(timeoutSeconds: 20) { $0.standardErrorSoFar.contains("Listening") })
        #expect(try Gateway.run(["replay", replayFile, "--speed", "36000", "--to", "127.0.0.1:\(port)"]).status == 0)

        // Bounded wait: every minute of every device stored.
        var rows: [String: [ObservationRecord]] = [:]
        for _ in 0..<150 {
            usleep(200_000)
            guard let store = try? Store(readOnlyPath: database) else { continue }
            for serial in [tempest, air.serial, sky.serial] {
                rows[serial] = (try? store.observations(serial: serial, from: 0, to: .max)) ?? []
            }
            if rows.values.allSatisfy({ $0.count == minutes.count }) { break }
        }
        #expect(rows[tempest]?.map(\.timestamp) == minutes)
        #expect(rows[air.serial]?.map(\.timestamp) == minutes)
        #expect(rows[sky.serial]?.map(\.timestamp) == minutes)
        #expect(rows[tempest]?.allSatisfy { $0.kind == .tempest && $0.source == .rest } == true)
        #expect(rows[sky.serial]?.allSatisfy { $0.kind == .sky && $0.source == .rest } == true)
        #expect(rows[air.serial]?.allSatisfy { $0.kind == .air } == true)
        let airSources = Dictionary((rows[air.serial] ?? []).map { ($0.timestamp, $0.source) }, uniquingKeysWith: { first, _ in first })
        for (index, minute) in minutes.enumerated() {
            let expected: ObservationRecord.Source = index < 10 || (30..<40).contains(index) ? .udp : index < 30 ? .backfill : .rest
            #expect(airSources[minute] == expected, "AIR minute \(index)")
        }

        // RainCheck per station: each station's rain goes to its own Tempest or SKY.
        func retained(_ topic: String) throws -> String {
            try ChildProcess.run(
                executable: "/usr/bin/mosquitto_sub",
                arguments: ["-h", "127.0.0.1", "-p", String(broker.port), "-t", topic, "-C", "1", "-W", "10"]
            ).standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(try retained("tempest/\(tempest)/rain_today_raincheck") == "1.5")
        #expect(try retained("tempest/\(sky.serial)/rain_today_raincheck") == "2.5")

        let status = try Gateway.run(["status", "--json", "--database", database])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8)) as? [String: Any])
        let cloud = try #require(report["weatherflow_cloud"] as? [String: Any])
        let stations = try #require(cloud["stations"] as? [[String: Any]])
        #expect(stations.map { $0["station_id"] as? Int } == [98765, 55555])
        #expect(stations.map { $0["rain_today_raincheck_mm"] as? Double } == [1.5, 2.5])
        let devices = try #require(cloud["devices"] as? [String: Any])
        #expect(Set(devices.keys) == [tempest, air.serial, sky.serial])
        #expect((devices[air.serial] as? [String: Any])?["station_id"] as? Int == 55555)
        #expect((devices[air.serial] as? [String: Any])?["backfilled_rows"] as? Int == 20)
        let text = try Gateway.run(["status", "--database", database]).standardOutput
        #expect(text.contains("WeatherFlow cloud: stations 98765 (Backyard), 55555 (Cabin)."))
        #expect(text.contains("Device \(sky.serial) of station 55555: UDP quiet, polling REST"))
        #expect(text.contains("Rain today after RainCheck at station 55555, from the cloud: 2.5 millimetres"))

        gateway.send(signal: SIGTERM)
        let result = try gateway.wait(timeoutSeconds: 30)
        #expect(result.status == 0)
        #expect(!result.standardError.contains("cloud-secret-789"))
    }
}
