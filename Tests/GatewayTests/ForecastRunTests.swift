// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Storage
import TempestTestKit
import Testing

/// `run` with a local server standing in for Open-Meteo, a real broker and
/// the sample day replayed, moved to the last 24 hours: the
/// conditions, hourly and daily forecasts reach MQTT and SQLite, the
/// verification record fills in, and an outage leaves the last forecast
/// served with its age.
@Suite("forecast in run", .serialized)
struct ForecastRunTests {
    /// The sample day's datagrams from `fromHour` (local midnight is hour 0)
    /// for `hours` hours, shifted so that they end a minute before `now`.
    func shiftedSample(now: Int64, fromHour: Int64 = 0, hours: Int64 = 24) throws -> [String] {
        let sample = try String(contentsOfFile: BuiltProducts.packageRoot + "/Samples/sample-day.jsonl", encoding: .utf8)
        let start: Int64 = 1_720_850_400 + fromHour * 3600
        let end = start + hours * 3600
        let shift = now - 60 - end
        let timestamp = try NSRegularExpression(pattern: #"\b17\d{8}\b"#)
        var lines: [String] = []
        for line in sample.split(separator: "\n").map(String.init) {
            let matches = timestamp.matches(in: line, range: NSRange(line.startIndex..., in: line))
            guard let first = matches.first, let value = Int64((line as NSString).substring(with: first.range)),
                value >= start, value < end
            else { continue }
            var shifted = line
            for match in matches.reversed() {
                let range = Range(match.range, in: shifted)!
                shifted.replaceSubrange(range, with: String(Int64(shifted[range])! + shift))
            }
            lines.append(shifted)
        }
        return lines
    }

    func startGateway(database: String, brokerPort: UInt16, udpPort: UInt16, server: LocalHTTPServer) throws -> ChildProcess {
        let gateway = try ChildProcess(
            executable: Gateway.path,
            arguments: [
                "run", "--database", database, "--udp-address", "127.0.0.1", "--udp-port", String(udpPort), "--print", "none",
                "--timezone", "America/Denver", "--mqtt-host", "127.0.0.1", "--mqtt-port", String(brokerPort),
                "--mqtt-client-id", "forecast-gateway", "--latitude", "39.7392", "--longitude=-104.9903",
                "--open-meteo-api", server.baseURL, "--forecast-refresh-seconds", "0.5",
            ])
        try gateway.start()
        guard gateway.waitFor(timeoutSeconds: 20, { $0.standardErrorSoFar.contains("Listening") }) else {
            throw TestKitError("run did not start: \(gateway.standardErrorSoFar)")
        }
        return gateway
    }

    /// The newest JSON payload on `topic` in mosquitto_sub's `-v` output.
    func latest(_ output: String, topic: String) -> [String: Any]? {
        guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix(topic + " ") }) else { return nil }
        return try? JSONSerialization.jsonObject(with: Data(line.dropFirst(topic.count + 1).utf8)) as? [String: Any]
    }

    @Test("conditions, hours and days on MQTT and in SQLite; verified hours; an outage serves the last forecast with its age")
    func endToEnd() throws {
        let now = Int64(Date().timeIntervalSince1970)
        let directory = try TemporaryDirectory()
        let database = directory.file("g.db")
        // Forecast hours issued a day ago, at 25 °C, for the hours the replayed day covers.
        let issued = (now - 24 * 3600) / 3600 * 3600
        do {
            let store = try Store(path: database)
            try store.write {
                try store.insertForecastHours((0...24).map { lead in
                    ForecastVerificationRecord(
                        locationKey: "39.7392,-104.9903", issuedAt: issued, validAt: issued + Int64(lead) * 3600, leadHours: lead,
                        forecastCelsius: 25)
                })
            }
        }
        let server = try LocalHTTPServer()
        // Days from yesterday, hours from 12 hours ago (so 48 lie ahead).
        let yesterday = now / 86_400 * 86_400 - 86_400
        let body = ForecastFixture.body(start: yesterday, hoursFrom: now / 3600 * 3600 - 12 * 3600, currentTime: now)
        server.route("/v1/forecast", .init(body: body))
        let broker = try MosquittoBroker()
        let watcher = try ChildProcess(
            executable: "/usr/bin/mosquitto_sub",
            arguments: ["-h", "127.0.0.1", "-p", String(broker.port), "-t", "tempest/forecast/#", "-t", "homeassistant/sensor/tempest_forecast/#",
                "-t", "homeassistant/sensor/tempest_forecast_tempest/#", "-v"])
        try watcher.start()
        defer { watcher.send(signal: SIGTERM) }
        usleep(300_000)
        let udpPort = try FreePort.udp()
        let gateway = try startGateway(database: database, brokerPort: broker.port, udpPort: udpPort, server: server)

        let file = directory.file("day.jsonl")
        // Without its rapid wind (two thirds of the day's datagrams, which
        // nothing here reads): at 7,200 times real time the whole day is
        // 3,400 datagrams a second, more than a debug build keeps up with on
        // a busy 2-core machine, and every observation counts here.
        let observations = try shiftedSample(now: now).filter { !$0.contains(#""type":"rapid_wind""#) }
        try (observations.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let replay = try Gateway.run(["replay", file, "--speed", "7200", "--to", "127.0.0.1:\(udpPort)"])
        #expect(replay.status == 0)

        // The merge takes the station's temperature once the replay arrived.
        #expect(watcher.waitFor(timeoutSeconds: 30) { child in
            latest(child.standardOutputSoFar, topic: "tempest/forecast/conditions")?["temperature_source"] as? String == "station"
        })
        // The seeded hours after the issue lie inside the replayed day
        // whatever the minute now: they are verified against it.
        var verified: [Int: Double] = [:]
        func incomplete() -> Bool { verified[1] == nil || verified[2] == nil || verified[23] == nil || verified.count < 20 }
        for _ in 0..<80 where incomplete() {
            let result = try Gateway.run(["forecast", "--database", database, "--verification", "--json"])
            let rows = (try? JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]]) ?? []
            for row in rows {
                if let lead = row["lead_hours"] as? Int, let error = row["mean_absolute_error_c"] as? Double { verified[lead] = error }
            }
            if incomplete() { usleep(250_000) }
        }
        #expect((verified[1] ?? 0) > 0)
        #expect((verified[2] ?? 0) > 0)
        #expect(verified.count >= 20, "most hours of the day verified: \(verified.keys.sorted())")
        // The record as a person reads it (kept in the test log for the project's notes).
        print(try Gateway.run(["forecast", "--database", database, "--verification"]).standardOutput)
        #expect(verified.keys.allSatisfy { (0...24).contains($0) })

        // status names the forecast and its freshness.
        let status = try Gateway.run(["status", "--json", "--database", database])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8)) as? [String: Any])
        let forecastState = try #require(report["forecast"] as? [String: Any])
        #expect(forecastState["state"] as? String == "current")
        #expect((forecastState["age_seconds"] as? Int).map { $0 < 600 } == true)
        #expect(try Gateway.run(["status", "--database", database]).standardOutput.contains("Forecasts for "))

        let output = watcher.standardOutputSoFar
        let conditions = try #require(latest(output, topic: "tempest/forecast/conditions"))
        #expect(conditions["observed_at"] is String)
        #expect(conditions["temperature_high_today"] as? Double == 33)  // today is the fixture's second day
        #expect(conditions["forecast_current"] as? Bool == true)
        #expect(conditions["observed_minus_forecast"] is Double)
        #expect(conditions["corrected_temperature_1h"] is Double)
        #expect(["sunny", "clear-night", "rainy", "pouring", "lightning-rainy", "partlycloudy"].contains(conditions["condition"] as? String ?? ""))
        let hourly = try #require(latest(output, topic: "tempest/forecast/hourly"))
        #expect((hourly["hours"] as? [Any])?.count == 48)
        let daily = try #require(latest(output, topic: "tempest/forecast/daily"))
        #expect((daily["days"] as? [Any])?.count == 2)
        #expect(output.contains("tempest/forecast/condition "))
        #expect(output.contains("tempest/forecast/precipitation_probability_next_hour "))
        #expect(output.contains("homeassistant/sensor/tempest_forecast_tempest/corrected_temperature_3h/config {"))
        // The shared forecast device of earlier versions is cleared.
        #expect(output.contains("homeassistant/sensor/tempest_forecast/corrected_temperature_3h/config (null)"))

        gateway.send(signal: SIGTERM)
        let stopped = try gateway.wait(timeoutSeconds: 30)
        #expect(stopped.status == 0, "\(stopped.standardError)")
        #expect(stopped.standardError.contains("fetched a forecast"))
        // The closing note shows the verification record for the replayed hours.
        #expect(stopped.standardError.contains("Forecast verification, mean absolute error of the temperature by lead time: "))
        #expect(stopped.standardError.contains("1 hour ahead "))
        let fetchedAt: Int64
        do {
            let store = try Store(path: database)
            let snapshot = try #require(try store.latestForecastSnapshot(locationKey: "39.7392,-104.9903"))
            #expect(snapshot.payloadJSON.contains("\"hourly\""))
            #expect(try store.forecastVerification().count > 4)  // the seeded hours and the new forecast's
            // Make the stored forecast two hours old, then take Open-Meteo away.
            try store.database.execute("UPDATE forecast_snapshots SET fetched_at = fetched_at - 7200")
            fetchedAt = snapshot.fetchedAt - 7200
        }
        server.route("/v1/forecast", .init(status: 503, body: "upstream down"))
        let restarted = try startGateway(database: database, brokerPort: broker.port, udpPort: udpPort, server: server)
        #expect(restarted.waitFor(timeoutSeconds: 30) { $0.standardErrorSoFar.contains("forecast poll failed") })
        #expect(watcher.waitFor(timeoutSeconds: 10) { child in
            latest(child.standardOutputSoFar, topic: "tempest/forecast/conditions")?["forecast_current"] as? Bool == false
        })
        let stale = try #require(latest(watcher.standardOutputSoFar, topic: "tempest/forecast/conditions"))
        #expect((stale["forecast_age_minutes"] as? Int ?? 0) >= 120)
        #expect(stale["forecast_fetched_at"] as? String == ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(fetchedAt))))
        #expect(stale["temperature_high_today"] as? Double == 33)
        // The forecast topics are retained: a newcomer gets the days at once.
        let newcomer = try ChildProcess.run(
            executable: "/usr/bin/mosquitto_sub",
            arguments: ["-h", "127.0.0.1", "-p", String(broker.port), "-t", "tempest/forecast/daily", "-C", "1", "-W", "5"])
        #expect(newcomer.status == 0)
        #expect(newcomer.standardOutput.contains(#""current":false"#))
        restarted.send(signal: SIGTERM)
        let second = try restarted.wait(timeoutSeconds: 30)
        #expect(second.status == 0)
        #expect(second.standardError.contains("serving the last stored forecast (fetched 2 hours"))
        #expect(second.standardError.contains("HTTP 503"))

        // `forecast --database` shows observed and forecast side by side, with the age.
        let shown = try Gateway.run(["forecast", "--database", database, "--hours", "3"], environment: ["NO_COLOR": "1"])
        #expect(shown.status == 0, "\(shown.standardError)")
        #expect(shown.standardOutput.contains("fetched 2 hours"))
        #expect(shown.standardOutput.contains("Now: condition "))
        #expect(shown.standardOutput.contains("forecast high today: 33 degrees Celsius"))
        #expect(shown.standardOutput.contains("Corrected temperature, next 3 hours:"))
        #expect(!shown.standardOutput.contains("\u{1B}["))
        // The same documents, rebuilt from SQLite alone.
        let stored = try Gateway.run(["forecast", "--database", database, "--json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(stored.standardOutput.utf8)) as? [String: Any])
        #expect(document["location"] as? String == "39.7392,-104.9903")
        #expect((document["conditions"] as? [String: Any])?["temperature_high_today"] as? Double == 33)
        #expect(((document["hourly"] as? [String: Any])?["hours"] as? [Any])?.count == 48)
        #expect(((document["daily"] as? [String: Any])?["days"] as? [Any])?.count == 2)
        let imperial = try Gateway.run(["forecast", "--database", database, "--units", "imperial"], environment: ["NO_COLOR": "1"])
        #expect(imperial.standardOutput.contains("forecast high today: 91.4 degrees Fahrenheit"))
        #expect(imperial.standardOutput.contains("temperature: observed "))
        #expect(imperial.standardOutput.contains("degrees Fahrenheit, forecast "))
    }

    @Test("without a location forecasts are off with a one-line notice; --no-forecast says so; the configuration gives a location; half a location is refused")
    func options() throws {
        let directory = try TemporaryDirectory()
        let server = try LocalHTTPServer()
        server.route("/v1/forecast", .init(body: ForecastFixture.body()))
        func run(_ extra: [String], database: String = "o.db") throws -> ChildProcess.Result {
            let port = try FreePort.udp()
            return try Gateway.run(
                ["run", "--database", directory.file(database), "--udp-address", "127.0.0.1", "--udp-port", String(port),
                 "--print", "none", "--no-mqtt", "--timezone", "UTC", "--seconds", "1", "--open-meteo-api", server.baseURL] + extra)
        }
        let none = try run([])
        #expect(none.status == 0, "\(none.standardError)")
        #expect(none.standardError.contains("No location: forecasts are off (pass --latitude and --longitude, or set station.latitude and station.longitude; setup writes them)."))
        let off = try run(["--latitude", "39.7", "--longitude=-105", "--no-forecast"])
        #expect(off.status == 0)
        #expect(off.standardError.contains("Forecasts are off (--no-forecast)."))
        #expect(server.requests.isEmpty)
        // The location and server from the configuration file, as setup writes them.
        let config = directory.file("config.toml")
        try """
            [station]
            latitude = 39.7392
            longitude = -104.9903
            [forecast]
            open_meteo_api = "\(server.baseURL)"
            hourly = ["temperature_2m", "precipitation_probability"]
            """.write(toFile: config, atomically: true, encoding: .utf8)
        let port = try FreePort.udp()
        let configured = try Gateway.run(
            ["run", "--config", config, "--database", directory.file("c.db"), "--udp-address", "127.0.0.1", "--udp-port", String(port),
             "--print", "none", "--no-mqtt", "--timezone", "UTC", "--seconds", "2"])
        #expect(configured.status == 0, "\(configured.standardError)")
        #expect(configured.standardError.contains("Forecasts from \(server.baseURL) for "))
        #expect(server.requests.contains { $0.queryValue("latitude") == "39.7392" && $0.queryValue("longitude") == "-104.9903" })
        #expect(server.requests.last?.queryValue("hourly") == "temperature_2m,precipitation_probability")
        // A variable Open-Meteo does not offer there is a problem with its key and line.
        try "[forecast]\ndaily = [\"sunrise\", \"cloud_cover_daily\"]\n".write(toFile: config, atomically: true, encoding: .utf8)
        let invalid = try Gateway.run(["config", "validate", "--config", config])
        #expect(invalid.status != 0)
        #expect(invalid.standardOutput.contains("line 2: forecast.daily: not available as daily variables: cloud_cover_daily"))
        let half = try run(["--latitude", "39.7"])
        #expect(half.status != 0)
        #expect(half.standardError.contains("pass both --latitude and --longitude"))
        let on = try run(["--latitude", "39.7", "--longitude=-105"])
        #expect(on.status == 0, "\(on.standardError)")
        #expect(on.standardError.contains("Forecasts from \(server.baseURL) for 39.7,-105 every 30 minutes"))
        #expect(server.requests.first?.queryValue("timezone") == "UTC")
        #expect(server.requests.first?.queryValue("forecast_days") == "16")
        #expect(server.requests.first?.queryValue("apikey") == nil)

        // A key from a private file travels as apikey and is never printed; a file others can read is refused.
        let keyFile = directory.file("open-meteo.key")
        try "om-secret-file-9\n".write(toFile: keyFile, atomically: true, encoding: .utf8)
        chmod(keyFile, 0o644)
        let exposed = try run(["--latitude", "39.7", "--longitude=-105", "--open-meteo-key-file", keyFile])
        #expect(exposed.status != 0)
        #expect(exposed.standardError.contains("Open-Meteo API key: "))
        chmod(keyFile, 0o600)
        // A database of its own: with the forecast just stored in o.db, it would wait out the interval.
        let keyed = try run(["--latitude", "39.7", "--longitude=-105", "--open-meteo-key-file", keyFile], database: "keyed.db")
        #expect(keyed.status == 0, "\(keyed.standardError)")
        #expect(server.requests.last?.queryValue("apikey") == "om-secret-file-9")
        #expect(!keyed.standardError.contains("om-secret-file-9"))

        // Restarted soon after a fetch, it serves the stored forecast and does not ask again.
        let requestsBefore = server.requests.count
        let restarted = try run(["--latitude", "39.7", "--longitude=-105", "--open-meteo-key-file", keyFile], database: "keyed.db")
        #expect(restarted.status == 0)
        #expect(restarted.standardError.contains("the stored forecast is recent; next poll in "))
        #expect(server.requests.count == requestsBefore)
    }
}
