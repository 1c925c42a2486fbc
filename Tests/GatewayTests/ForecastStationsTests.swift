// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Storage
import TempestTestKit
import Testing

/// `run` with two configured stations with coordinates: each gets its own
/// forecast, stored per place; the first on today's topics, the second on
/// its station's.
@Suite("forecasts per station", .serialized)
struct ForecastStationsTests {
    @Test("two stations: both places polled and stored; the first on <base>/forecast, the second on <base>/station/ID/forecast")
    func twoStations() throws {
        let now = Int64(Date().timeIntervalSince1970)
        let directory = try TemporaryDirectory()
        let database = directory.file("g.db")
        let config = directory.file("config.toml")
        try """
            [[station]]
            station_id = 98765
            latitude = 39.7392
            longitude = -104.9903
            [[station]]
            station_id = 55555
            latitude = 46.5
            longitude = 7.25
            timezone = "Europe/Zurich"
            """.write(toFile: config, atomically: true, encoding: .utf8)
        let server = try LocalHTTPServer()
        let yesterday = now / 86_400 * 86_400 - 86_400
        server.route("/v1/forecast", .init(body: ForecastFixture.body(start: yesterday, hoursFrom: now / 3600 * 3600 - 12 * 3600, currentTime: now)))
        let broker = try MosquittoBroker()
        let watcher = try ChildProcess(
            executable: "/usr/bin/mosquitto_sub",
            arguments: ["-h", "127.0.0.1", "-p", String(broker.port), "-t", "tempest/forecast/conditions", "-t", "tempest/station/+/forecast/conditions", "-v"])
        try watcher.start()
        defer { watcher.send(signal: SIGTERM) }
        usleep(300_000)
        let gateway = try ChildProcess(
            executable: Gateway.path,
            arguments: [
                "run", "--config", config, "--database", database, "--udp-address", "127.0.0.1", "--udp-port", String(try FreePort.udp()),
                "--print", "none", "--timezone", "America/Denver", "--mqtt-host", "127.0.0.1", "--mqtt-port", String(broker.port),
                "--open-meteo-api", server.baseURL, "--forecast-refresh-seconds", "0.5",
            ])
        try gateway.start()
        #expect(watcher.waitFor(timeoutSeconds: 30) { child in
            child.standardOutputSoFar.contains("tempest/forecast/conditions {")
                && child.standardOutputSoFar.contains("tempest/station/55555/forecast/conditions {")
        })
        let targets = server.requests.map(\.target)
        #expect(targets.contains { $0.contains("latitude=39.7392") && $0.contains("longitude=-104.9903") })
        #expect(targets.contains { $0.contains("latitude=46.5") && $0.contains("longitude=7.25") && $0.contains("Europe%2FZurich") })
        gateway.send(signal: SIGTERM)
        let result = try gateway.wait(timeoutSeconds: 30)
        #expect(result.status == 0)
        #expect(result.standardError.contains("Forecasts also for station 55555 at 46.5,7.25, under <base>/station/55555/forecast."))
        let store = try Store(readOnlyPath: database)
        #expect(try store.latestForecastSnapshot(locationKey: "39.7392,-104.9903") != nil)
        #expect(try store.latestForecastSnapshot(locationKey: "46.5,7.25") != nil)
    }
}
