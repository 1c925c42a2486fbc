// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Testing
import TempestTestKit

/// `--compat weatherflow2mqtt` on a real broker: WeatherFlow2MQTT 3.2.2's
/// state topics, keys and units, each value checked against what its rules
/// give for the replayed input (the expected values are computed here from
/// the datagrams, with its conversion factors and Python's rounding).
@Suite("WeatherFlow2MQTT compatibility and disabled entities", .serialized)
struct WeatherFlow2MQTTCompatTests {
    /// Python's `round(value, decimals)`: printf also rounds the exact
    /// binary value, half to even.
    func pythonRound(_ value: Double, _ decimals: Int) -> Double {
        Double(String(format: "%.\(decimals)f", value))!
    }

    /// `2024-07-13T06:00:00+00:00`, as Python's `isoformat()` of a UTC datetime.
    func isoformat(_ seconds: Int64) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds))) + "+00:00"
    }

    /// The newest payload of `topic` in `mosquitto_sub -v` output, as a JSON object.
    func newest(_ output: String, topic: String) -> [String: Any]? {
        let line = output.split(separator: "\n").last { $0.hasPrefix(topic + " ") }
        guard let line else { return nil }
        let payload = line.dropFirst(topic.count + 1)
        return (try? JSONSerialization.jsonObject(with: Data(payload.utf8))) as? [String: Any]
    }

    func number(_ object: [String: Any]?, _ key: String) -> Double? {
        (object?[key] as? NSNumber)?.doubleValue
    }

    /// A watcher subscribed to `topic`, and a gateway publishing to `broker`.
    struct Running {
        let publishing = MQTTPublishingTests()
        let watcher: ChildProcess
        let gateway: ChildProcess
        let directory: TemporaryDirectory
        let udpPort: UInt16

        init(_ broker: MosquittoBroker, watching topic: String, extra: [String] = []) throws {
            watcher = try publishing.subscriber(port: broker.port, topic: topic)
            directory = try TemporaryDirectory()
            udpPort = try FreePort.udp()
            gateway = try publishing.startGateway(
                database: directory.file("g.db"), brokerPort: broker.port, udpPort: udpPort, extra: extra)
        }

        /// Replays the sample day's 13:00 hour.
        func replaySample() throws {
            try publishing.replay(
                try publishing.sampleLines(fromHour: 13, toHour: 14), to: udpPort, directory: directory, name: "p.jsonl")
        }

        func stop() throws {
            gateway.send(signal: SIGTERM)
            _ = try gateway.wait(timeoutSeconds: 30)
        }
    }

    @Test("the five event topics carry its keys and converted values", arguments: ["metric", "imperial"])
    func states(units: String) throws {
        let imperial = units == "imperial"
        let serial = imperial ? "ST-00000002" : "ST-00000001"
        let hub = imperial ? "HB-00000012" : "HB-00000011"
        let broker = try MosquittoBroker()
        let running = try Running(
            broker, watching: "homeassistant/sensor/#",
            extra: ["--compat", "weatherflow2mqtt", "--units", units, "--elevation", "1600"])
        let (publishing, watcher) = (running.publishing, running.watcher)

        // The input: a strike and a rain start first, so the observation carries the strike's distance.
        let now = Int64(time(nil))
        let (temperature, humidity, pressure) = (25.25, 42.21, 838.65)
        let (lull, average, gust, direction) = (0.71, 1.19, 2.19, 190.0)
        let (rainMinute, strikes, battery) = (0.25, 2, 2.615)
        let (strikeDistance, windSpeed, windDirection) = (17.0, 3.35, 213.0)
        let (uptime, hubUptime) = (Int64(100_000), Int64(5_000))
        let envelope = #""serial_number":"\#(serial)","hub_sn":"\#(hub)""#
        let lines = [
            #"{\#(envelope),"type":"evt_strike","evt":[\#(now - 120),\#(Int(strikeDistance)),4500]}"#,
            #"{\#(envelope),"type":"evt_precip","evt":[\#(now - 110)]}"#,
            #"{\#(envelope),"type":"rapid_wind","ob":[\#(now - 100),\#(windSpeed),\#(Int(windDirection))]}"#,
            #"{\#(envelope),"type":"device_status","timestamp":\#(now - 90),"uptime":\#(uptime),"voltage":2.61,"firmware_revision":179,"rssi":-60,"hub_rssi":-58,"sensor_status":0,"debug":0}"#,
            #"{"serial_number":"\#(hub)","type":"hub_status","firmware_revision":"194","uptime":\#(hubUptime),"rssi":-51,"timestamp":\#(now - 85),"reset_flags":"BOR","seq":1}"#,
            #"{\#(envelope),"type":"obs_st","obs":[[\#(now - 30),\#(lull),\#(average),\#(gust),\#(Int(direction)),3,\#(pressure),\#(temperature),\#(humidity),12345,3.47,102,\#(rainMinute),1,12,\#(strikes),\#(battery),1]],"firmware_revision":179}"#,
        ]
        try publishing.replay(lines, to: running.udpPort, directory: running.directory, name: "compat.jsonl")
        let topic = { (device: String, event: String) in "homeassistant/sensor/weatherflow2mqtt_\(device)/\(event)/state" }
        let observationTopic = topic(serial, "observation")
        #expect(publishing.eventually(watcher, seconds: 20) { newest($0, topic: observationTopic) != nil })
        usleep(300_000)
        try running.stop()
        let output = watcher.standardOutputSoFar

        // Its conversions (helpers.py and pint), then its rounding.
        let temp = { (celsius: Double) in imperial ? celsius * 9 / 5 + 32 : celsius }
        let speed = { (mps: Double) in imperial ? pythonRound(mps * 2.2369362920544, 2) : pythonRound(mps, 1) }
        let observation = try #require(newest(output, topic: observationTopic), "\(output)")
        #expect(number(observation, "air_temperature") == pythonRound(temp(temperature), 1))
        #expect(number(observation, "relative_humidity") == humidity)
        #expect(number(observation, "station_pressure") == (imperial ? pythonRound(pressure / 33.8638866667, 3) : pythonRound(pressure, 2)))
        #expect(number(observation, "wind_lull") == speed(lull))
        #expect(number(observation, "wind_speed_avg") == speed(average))
        #expect(number(observation, "wind_gust") == speed(gust))
        #expect(number(observation, "wind_bearing_avg") == direction)
        #expect(observation["wind_direction_avg"] as? String == "S")
        #expect(number(observation, "illuminance") == 12345)
        #expect(number(observation, "uv") == 3.47)
        #expect(number(observation, "solar_radiation") == 102)
        #expect(number(observation, "battery") == pythonRound(battery, 2))
        #expect(observation["precipitation_type"] as? String == "Rain")
        let rainRate = rainMinute * 60
        #expect(number(observation, "rain_rate") == pythonRound(imperial ? rainRate / 25.4 : rainRate, 2))
        // Its rain intensity bounds (mm/h) and Beaufort bounds (m/s), with its English names.
        let intensity = [(0.25, "Very Light"), (1, "Light"), (4, "Moderate"), (16, "Heavy"), (50, "Very Heavy")]
            .first { rainRate < $0.0 }?.1 ?? "Extreme"
        #expect(observation["rain_intensity"] as? String == intensity)
        let force = [0.3, 1.6, 3.4, 5.5, 8.0, 10.8, 13.9, 17.2, 20.8, 24.5, 28.5, 32.7].filter { average >= $0 }.count
        #expect(number(observation, "beaufort") == Double(force))
        #expect(observation["beaufort_description"] as? String == ["Calm", "Light air", "Light breeze"][force])
        #expect(number(observation, "rain_today") == pythonRound(imperial ? rainMinute * 0.0393700787 : rainMinute, 2))
        #expect(number(observation, "rain_yesterday") == 0)
        #expect(number(observation, "rain_duration_today") == 1)
        #expect(number(observation, "lightning_strike_count") == Double(strikes))
        #expect(number(observation, "lightning_strike_count_1hr") == Double(strikes))
        #expect(number(observation, "lightning_strike_count_today") == Double(strikes))
        #expect(number(observation, "lightning_strike_distance") == (imperial ? pythonRound(strikeDistance / 1.609344, 2) : strikeDistance))
        // Derived values: its units and decimals, values near the textbook formulas.
        let magnus = { (t: Double, rh: Double) -> Double in
            let gamma = log(rh / 100) + 17.625 * t / (243.04 + t)
            return 243.04 * gamma / (17.625 - gamma)
        }
        let dewpoint = try #require(number(observation, "dewpoint"))
        #expect(abs(dewpoint - temp(magnus(temperature, humidity))) < 0.3)
        #expect(dewpoint == pythonRound(dewpoint, 1))
        let wetbulb = try #require(number(observation, "wetbulb"))
        #expect(wetbulb > dewpoint && wetbulb < temp(temperature))
        let deltaT = try #require(number(observation, "delta_t"))
        #expect(abs(deltaT - (temp(temperature) - wetbulb)) <= 0.11 + (imperial ? 0.1 : 0))
        let feelsLike = try #require(number(observation, "feelslike"))
        #expect(abs(feelsLike - temp(temperature)) < (imperial ? 5 : 3))
        let dryAir = pressure * 100 / (287.05 * (temperature + 273.15))
        let density = try #require(number(observation, "air_density"))
        #expect(abs(density - (imperial ? dryAir * 0.0624279606 : dryAir)) < (imperial ? 0.001 : 0.02))
        let seaLevel = try #require(number(observation, "sealevel_pressure"))
        let seaLevelMillibars = imperial ? seaLevel * 33.8638866667 : seaLevel
        #expect(seaLevelMillibars > pressure + 150 && seaLevelMillibars < pressure + 200)
        #expect(seaLevel == pythonRound(seaLevel, imperial ? 3 : 2))

        let wind = try #require(newest(output, topic: topic(serial, "rapid_wind")))
        #expect(number(wind, "wind_speed") == speed(windSpeed))
        #expect(number(wind, "wind_bearing") == windDirection)
        #expect(wind["wind_direction"] as? String == "SSW")
        #expect(wind.count == 3)

        let status = try #require(newest(output, topic: topic(serial, "status_update")))
        #expect(status["status"] as? String == isoformat(now - 90 - uptime))
        let hubStatus = try #require(newest(output, topic: topic(hub, "status_update")))
        #expect(hubStatus["status"] as? String == isoformat(now - 85 - hubUptime))
        let strike = try #require(newest(output, topic: topic(serial, "lightning_strike_time")))
        #expect(strike["lightning_strike_time"] as? String == isoformat(now - 120))
        let rain = try #require(newest(output, topic: topic(serial, "rain_start_time")))
        #expect(rain["rain_start_time"] as? String == isoformat(now - 110))
    }

    @Test("without --compat nothing appears under weatherflow2mqtt_")
    func offByDefault() throws {
        let broker = try MosquittoBroker()
        let running = try Running(broker, watching: "#")
        try running.replaySample()
        #expect(running.publishing.eventually(running.watcher, seconds: 20) { $0.contains("/event/observation ") })
        try running.stop()
        #expect(!running.watcher.standardOutputSoFar.contains("weatherflow2mqtt_"))
    }

    @Test("a disabled entity's discovery config ends empty and unretained; the others stay")
    func disabledEntity() throws {
        let broker = try MosquittoBroker()
        let feelsLike = "homeassistant/sensor/ST-00054321/feels_like/config"
        let sensorSignal = "homeassistant/sensor/ST-00054321/rssi/config"
        // Announced by an earlier run, retained in the broker.
        for topic in [feelsLike, sensorSignal] {
            #expect(try ChildProcess.run(
                executable: "/usr/bin/mosquitto_pub",
                arguments: ["-h", "127.0.0.1", "-p", String(broker.port), "-t", topic, "-m", #"{"name":"old"}"#, "-r"]).status == 0)
        }
        let running = try Running(
            broker, watching: "homeassistant/#", extra: ["--disable-entity", "feels_like", "--disable-entity", "ST-00054321/rssi"])
        try running.replaySample()
        let temperature = "homeassistant/sensor/ST-00054321/air_temperature/config"
        #expect(running.publishing.eventually(running.watcher, seconds: 20) { $0.contains(temperature) && $0.contains("HB-00012345/rssi/config") })
        usleep(500_000)

        // The live stream saw an empty message on the disabled topics.
        let seen = running.watcher.standardOutputSoFar.split(separator: "\n").map(String.init)
        let emptied = { (topic: String) in seen.contains { $0 == topic || $0 == topic + " " || $0 == topic + " (null)" } }
        #expect(emptied(feelsLike))
        #expect(emptied(sensorSignal))
        #expect(!emptied(temperature))
        try running.stop()

        // What a newcomer (Home Assistant starting) gets: no config for the disabled ones.
        let retained = try ChildProcess.run(
            executable: "/usr/bin/mosquitto_sub",
            arguments: ["-h", "127.0.0.1", "-p", String(broker.port), "-t", "homeassistant/#", "-v", "--retained-only", "-W", "2"])
        let topics = Set(retained.standardOutput.split(separator: "\n").map { String($0.split(separator: " ").first ?? "") })
        #expect(topics.contains(temperature))
        #expect(topics.contains("homeassistant/sensor/ST-00054321/dew_point/config"))
        #expect(topics.contains("homeassistant/sensor/HB-00012345/rssi/config"))
        #expect(!topics.contains(feelsLike))
        #expect(!topics.contains(sensorSignal))
    }

    @Test("an unknown --disable-entity key is refused with the list of fields")
    func unknownEntity() throws {
        let result = try Gateway.run(["run", "--no-mqtt", "--disable-entity", "feels_lik", "--seconds", "1"])
        #expect(result.status != 0)
        #expect(result.standardError.contains("'feels_lik' names no entity"))
        #expect(result.standardError.contains("feels_like"))
    }
}
