// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Testing
import TempestTestKit

/// `/metrics` over real HTTP from a running gateway: the chosen address and
/// the current weather as gauges beside the counters.
@Suite("metrics: address and weather gauges")
struct MetricsWeatherTests {
    @Test("--metrics-address 0.0.0.0; weather gauges in base units, labelled by serial, absent until an observation is stored")
    func weatherGauges() throws {
        let directory = try TemporaryDirectory()
        let udpPort = try FreePort.udp()
        let metricsPort = try FreePort.tcp()
        let gateway = try Gateway.startWithMetrics(
            database: directory.file("g.db"), udpPort: udpPort, metricsPort: metricsPort,
            extra: ["--no-forecast", "--metrics-address", "0.0.0.0"])
        defer {
            gateway.send(signal: SIGTERM)
            _ = try? gateway.wait(timeoutSeconds: 30)
        }
        #expect(gateway.standardErrorSoFar.contains("Listening"))
        // Every interface, loopback included (the test talks to 127.0.0.1 only).
        #expect(gateway.standardErrorSoFar.contains("Serving /healthz and /metrics on http://0.0.0.0:\(metricsPort)."))
        let before = try Gateway.scrapeMetrics(port: metricsPort)
        #expect(before.contains("tempest_gateway_uptime_seconds"))
        #expect(!before.contains("tempest_air_temperature_celsius"))

        let now = Int(Date().timeIntervalSince1970)
        let sender = try UDPSender(port: udpPort)
        try sender.send(
            #"{"serial_number":"ST-00099999","type":"obs_st","hub_sn":"HB-00000001","obs":[[\#(now),0.4,1.5,2.5,270,3,1012.5,21.5,55,12000,2.5,350,0.25,1,12,2,2.61,1]],"firmware_revision":171}"#)
        var text = ""
        for _ in 0..<50 {
            text = try Gateway.scrapeMetrics(port: metricsPort)
            if text.contains("tempest_air_temperature_celsius") { break }
            usleep(200_000)
        }
        let serial = #"{serial="ST-00099999"}"#
        #expect(text.contains("# HELP tempest_air_temperature_celsius Air temperature.\n# TYPE tempest_air_temperature_celsius gauge\n"))
        #expect(text.contains("tempest_air_temperature_celsius\(serial) 21.5\n"))
        #expect(text.contains("tempest_relative_humidity_ratio\(serial) 0.55\n"))
        #expect(text.contains("tempest_station_pressure_pascals\(serial) 101250\n"))
        #expect(text.contains("tempest_wind_speed_meters_per_second\(serial) 1.5\n"))
        #expect(text.contains("tempest_wind_gust_meters_per_second\(serial) 2.5\n"))
        #expect(text.contains("tempest_wind_direction_degrees\(serial) 270\n"))
        #expect(text.contains("tempest_illuminance_lux\(serial) 12000\n"))
        #expect(text.contains("tempest_solar_radiation_watts_per_square_meter\(serial) 350\n"))
        #expect(text.contains("tempest_rain_interval_meters\(serial) 0.00025\n"))
        #expect(text.contains("tempest_lightning_strike_distance_meters\(serial) 12000\n"))
        #expect(text.contains("tempest_battery_volts\(serial) 2.61\n"))
        #expect(text.contains("tempest_observation_timestamp_seconds\(serial) \(now)\n"))
        // The counters are still there.
        #expect(text.contains("tempest_gateway_datagrams_decoded_total 1\n"))
    }

    @Test("--metrics-address refuses what is not an IPv4 address, naming the key")
    func badAddress() throws {
        let directory = try TemporaryDirectory()
        let result = try Gateway.run([
            "run", "--database", directory.file("g.db"), "--no-mqtt", "--metrics-port", "10222", "--metrics-address", "localhost:80",
        ])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--metrics-address"))
        #expect(result.standardError.contains("metrics.address"))
    }
}
