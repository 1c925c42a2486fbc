// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import TempestTestKit
import Testing

/// `run` with every `[[upload]]` service against local stand-ins, from the
/// station's UDP broadcasts: values in each service's units, at its
/// interval; a rejected key tried once; an outage of Met Office WOW filled
/// from the store; and no key anywhere a user or another process can see.
@Suite("run with [[upload]]", .serialized)
struct UploadRunTests {
    typealias Observation = UploadingGateway.Observation

    /// Minutes of a station, one observation a minute, the last one at the
    /// coming whole minute (within the gateway's tolerance for clocks
    /// ahead): the newest reading stays fresh for any service however long
    /// a loaded machine takes to deliver it.
    static func minutes(_ count: Int) -> [Observation] {
        let end = (Int64(Date().timeIntervalSince1970) / 60 + 1) * 60
        return (0..<count).map { Observation(timestamp: end - Int64(count - 1 - $0) * 60, index: $0) }
    }

    /// Midnight in Denver before `timestamp`.
    static func denverMidnight(before timestamp: Int64) -> Int64 {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/Denver")!
        return Int64(calendar.startOfDay(for: Date(timeIntervalSince1970: TimeInterval(timestamp))).timeIntervalSince1970)
    }

    /// Rain of `observations` with times in `range`, mm.
    static func rain(_ observations: [Observation], _ range: ClosedRange<Int64>) -> Double {
        observations.filter { range.contains($0.timestamp) }.map(\.rainMillimeters).reduce(0, +)
    }

    static func fahrenheit(_ celsius: Double) -> Double { celsius * 9 / 5 + 32 }
    static func milesPerHour(_ metersPerSecond: Double) -> Double { metersPerSecond / 0.44704 }
    static func inches(_ millimeters: Double) -> Double { (millimeters / 25.4 * 1_000).rounded() / 1_000 }

    /// The observation an upload stamped `time` carries.
    static func observation(at time: Int64?, in observations: [Observation]) throws -> Observation {
        try #require(observations.first { $0.timestamp == time }, "no observation at \(String(describing: time))")
    }

    /// `YYYY-MM-DD HH:MM:SS` (UTC) as epoch seconds.
    static func dateUTC(_ text: String?) -> Int64? {
        guard let text else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        for format in ["yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd'T'HH:mm:ss'Z'", "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'", "yyyyMMdd HHmm"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return Int64(date.timeIntervalSince1970) }
        }
        return nil
    }

    /// Consecutive upload times are at least the interval apart, less its tolerance.
    static func spaced(_ times: [Int64], intervalSeconds: Int64) -> Bool {
        zip(times, times.dropFirst()).allSatisfy { $1 - $0 >= intervalSeconds - min(30, intervalSeconds / 10) }
    }

    @Test("every service receives the station's readings in its own units, at its interval, and no key shows anywhere")
    func everyServiceInItsUnits() async throws {
        let keys = [
            "wunderground": "wu-Key-7f3a91", "pwsweather": "pws-Key-28c4e0", "windy": "windy-Key-b71d55", "weathercloud": "wc-Key-0a9e13",
            "openweathermap": "owm-Key-5d2f88", "wow": "wow-Key-913376",
        ]
        let wunderground = try WundergroundStandIn(stationID: "KCODENVE123", key: keys["wunderground"]!)
        let pwsweather = try WundergroundStandIn(network: .pwsweather, stationID: "DENVERPWS", key: keys["pwsweather"]!)
        let windy = try WindyStandIn(stationID: "f1a2b3c4", password: keys["windy"]!)
        let weathercloud = try WeathercloudStandIn(stationID: "wcid42", key: keys["weathercloud"]!)
        let openWeatherMap = try OpenWeatherMapStandIn(key: keys["openweathermap"]!)
        let wow = try MetOfficeWOWStandIn(siteID: "0f1e2d3c-1111-2222-3333-444455556666", key: keys["wow"]!)
        let cwop = try CWOPStandIn()
        defer { cwop.stop() }
        let keyDirectory = try TemporaryDirectory(prefix: "upload-keys")
        func keyFile(_ service: String) throws -> String { try UploadingGateway.keyFile(in: keyDirectory, service, keys[service]!) }
        let uploads = """
            [[upload]]
            service = "wunderground"
            id = "KCODENVE123"
            key_file = "\(try keyFile("wunderground"))"
            url = "\(wunderground.url)"
            [[upload]]
            service = "pwsweather"
            id = "DENVERPWS"
            key_file = "\(try keyFile("pwsweather"))"
            interval_seconds = 60
            url = "\(pwsweather.url)"
            [[upload]]
            service = "windy"
            id = "f1a2b3c4"
            key_file = "\(try keyFile("windy"))"
            url = "\(windy.url)"
            [[upload]]
            service = "weathercloud"
            id = "wcid42"
            key_file = "\(try keyFile("weathercloud"))"
            interval_seconds = 60
            url = "\(weathercloud.url)"
            [[upload]]
            service = "openweathermap"
            id = "denver-tempest"
            key_file = "\(try keyFile("openweathermap"))"
            interval_seconds = 60
            url = "\(openWeatherMap.url)"
            [[upload]]
            service = "wow"
            id = "0f1e2d3c-1111-2222-3333-444455556666"
            key_file = "\(try keyFile("wow"))"
            url = "\(wow.url)"
            [[upload]]
            service = "cwop"
            id = "CW1234"
            server = "\(cwop.server)"
            """
        let gateway = try UploadingGateway(uploads: uploads)
        defer { gateway.stop() }
        #expect(gateway.process.standardErrorSoFar.contains("Uploading station 1's readings (upload 1) to Weather Underground as KCODENVE123, every 300 seconds."))

        // Ten minutes of the station, each observation its own commit.
        let sent = Self.minutes(10)
        try await gateway.broadcast(sent, pauseSeconds: 1.5)
        let allArrived = try await UploadingGateway.wait(timeoutSeconds: 30) {
            !wunderground.uploads.isEmpty && !pwsweather.uploads.isEmpty && !windy.uploads.isEmpty && !weathercloud.uploads.isEmpty
                && openWeatherMap.uploads.count >= sent.count && wow.uploads.count >= 2 && cwop.sessions.contains { $0.packetLine != nil }
        }
        #expect(allArrived, "WU \(wunderground.uploads.count), PWS \(pwsweather.uploads.count), Windy \(windy.uploads.count), WC \(weathercloud.uploads.count), OWM \(openWeatherMap.uploads.count), WOW \(wow.uploads.count), CWOP \(cwop.sessions.count)\n\(gateway.process.standardErrorSoFar)")

        // Weather Underground and PWSweather: imperial, rain to the thousandth of an inch.
        for (standIn, interval) in [(wunderground, Int64(300)), (pwsweather, 60)] {
            var times: [Int64] = []
            for upload in standIn.uploads {
                let time = Self.dateUTC(upload.parameters["dateutc"])
                let observation = try Self.observation(at: time, in: sent)
                times.append(observation.timestamp)
                #expect(abs(upload.values["tempf"]! - Self.fahrenheit(observation.airTemperatureCelsius)) <= 0.1)
                #expect(abs(upload.values["windspeedmph"]! - Self.milesPerHour(observation.windAverageMetersPerSecond)) <= 0.1)
                #expect(abs(upload.values["windgustmph"]! - Self.milesPerHour(observation.windGustMetersPerSecond)) <= 0.1)
                #expect(upload.values["winddir"] == Double(observation.windDirectionDegrees))
                #expect(upload.values["humidity"] == observation.relativeHumidityPercent)
                #expect(upload.values["rainin"] == Self.inches(Self.rain(sent, (observation.timestamp - 3_599)...observation.timestamp)))
                #expect(upload.values["dailyrainin"] == Self.inches(Self.rain(sent, Self.denverMidnight(before: observation.timestamp)...observation.timestamp)))
                #expect(upload.values["solarradiation"] == Double(observation.solarRadiationWattsPerSquareMeter))
                #expect(upload.values["baromin"] != nil)
                #expect(upload.parameters["softwaretype"]?.hasPrefix("tempest-gateway-") == true)
            }
            #expect(Self.spaced(times, intervalSeconds: interval), "\(times)")
        }
        // Windy: metric, the last hour's rain.
        for upload in windy.uploads {
            let observation = try Self.observation(at: Self.dateUTC(upload.parameters["time"]), in: sent)
            #expect(abs(upload.values["temp"]! - observation.airTemperatureCelsius) <= 0.1)
            #expect(abs(upload.values["wind"]! - observation.windAverageMetersPerSecond) <= 0.1)
            #expect(abs(upload.values["gust"]! - observation.windGustMetersPerSecond) <= 0.1)
            #expect(abs(upload.values["precip"]! - Self.rain(sent, (observation.timestamp - 3_599)...observation.timestamp)) < 0.006)
            #expect(upload.headers["authorization"] == "Bearer \(keys["windy"]!)")
        }
        // Weathercloud: whole tenths, today's rain.
        var weathercloudTimes: [Int64] = []
        for upload in weathercloud.uploads {
            let time = Self.dateUTC("\(upload.parameters["date"] ?? "") \(upload.parameters["time"] ?? "")")
            let observation = try Self.observation(at: time, in: sent)
            weathercloudTimes.append(observation.timestamp)
            #expect(abs(upload.values["temp"]! / 10 - observation.airTemperatureCelsius) <= 0.1)
            #expect(abs(upload.values["wspd"]! / 10 - observation.windAverageMetersPerSecond) <= 0.1)
            #expect(abs(upload.values["rain"]! / 10 - Self.rain(sent, Self.denverMidnight(before: observation.timestamp)...observation.timestamp)) <= 0.05)
        }
        #expect(Self.spaced(weathercloudTimes, intervalSeconds: 60))
        // OpenWeatherMap: registered once, then every reading (it takes past ones), metric.
        #expect(openWeatherMap.stations.value.map(\.externalID) == ["denver-tempest"])
        #expect(openWeatherMap.uploads.map { Int64($0.values["dt"] ?? 0) } == sent.map(\.timestamp))
        for upload in openWeatherMap.uploads {
            let observation = try Self.observation(at: upload.values["dt"].map { Int64($0) }, in: sent)
            #expect(abs(upload.values["temperature"]! - observation.airTemperatureCelsius) <= 0.1)
            #expect(abs(upload.values["wind_speed"]! - observation.windAverageMetersPerSecond) <= 0.1)
            #expect(abs(upload.values["rain_1h"]! - Self.rain(sent, (observation.timestamp - 3_599)...observation.timestamp)) < 0.006)
        }
        // Met Office WOW: one reading per five minutes, oldest first; rain since the one before.
        #expect(wow.uploads.map { Self.dateUTC($0.parameters["dateutc"]) } == [sent[0].timestamp, sent[5].timestamp])
        if wow.uploads.count >= 2 {
            #expect(wow.uploads[0].values["rainin"] == nil)
            #expect(wow.uploads[1].values["rainin"] == Self.inches(Self.rain(sent, (sent[0].timestamp + 1)...sent[5].timestamp)))
            #expect(abs(wow.uploads[1].values["tempf"]! - Self.fahrenheit(sent[5].airTemperatureCelsius)) <= 0.1)
        }
        // CWOP: a login line, then a complete weather report with the station's position.
        let session = try #require(cwop.sessions.first { $0.packetLine != nil })
        #expect(session.loginLine.hasPrefix("user CW1234 pass -1 vers tempest-gateway "))
        let report = try APRSWeatherReportParser.parse(try #require(session.packetLine))
        #expect(report.source == "CW1234")
        #expect(abs(report.latitudeDegrees - 39.7392) < 0.0002)
        #expect(abs(report.longitudeDegrees + 104.9903) < 0.0002)
        let reported = try #require(sent.last { $0.timestamp / 60 % 60 == Int64(report.minute) })
        #expect(report.temperatureFahrenheit == Int(Self.fahrenheit(reported.airTemperatureCelsius).rounded()))
        #expect(report.humidityPercent == Int(reported.relativeHumidityPercent))

        // Status, /metrics and the web page show each destination; no key shows anywhere.
        let statuses = try gateway.uploadStatuses()
        #expect(statuses.map { $0["service"] as? String } == ["wunderground", "pwsweather", "windy", "weathercloud", "openweathermap", "wow", "cwop"])
        #expect(statuses.allSatisfy { $0["state"] as? String == "current" }, "\(statuses)")
        let metrics = try gateway.metrics()
        #expect(metrics.contains(#"tempest_gateway_upload_requests_total{upload="6",service="wow",result="accepted"} 2"#))
        #expect(metrics.contains(#"tempest_gateway_upload_up{upload="1",service="wunderground"} 1"#))
        let shown = try await gateway.everythingShown()
        #expect(shown.contains("Upload 1 to Weather Underground as KCODENVE123 (station 1, every 300 seconds): current"))
        for (service, key) in keys {
            #expect(!shown.contains(key), "the \(service) key shows")
        }
    }

    @Test("a rejected key is tried once, not again within the hour; an outage of Met Office WOW is filled from the store; Home Assistant and doctor say so")
    func rejectedKeyAndWOWOutage() async throws {
        let broker = try MosquittoBroker()
        try broker.start()
        let wunderground = try WundergroundStandIn(stationID: "KCODENVE123", key: "the-right-key")
        wunderground.mode = .rejectKey
        let wow = try MetOfficeWOWStandIn(siteID: "123456", key: "wow-pin-4711")
        wow.mode = .serverError
        let keyDirectory = try TemporaryDirectory(prefix: "upload-keys")
        let gateway = try UploadingGateway(
            uploads: """
                [[upload]]
                service = "wunderground"
                id = "KCODENVE123"
                key_file = "\(try UploadingGateway.keyFile(in: keyDirectory, "wu", "a-wrong-key-8812"))"
                url = "\(wunderground.url)"
                [[upload]]
                service = "wow"
                id = "123456"
                key_file = "\(try UploadingGateway.keyFile(in: keyDirectory, "wow", "wow-pin-4711"))"
                url = "\(wow.url)"
                """, brokerPort: broker.port)
        defer { gateway.stop() }

        // Eleven minutes of the station while WOW is down.
        let sent = Self.minutes(12)
        try await gateway.broadcast(sent, pauseSeconds: 1)
        #expect(try await UploadingGateway.wait(timeoutSeconds: 20) { !wow.requests.isEmpty && !wunderground.requests.isEmpty })
        let failing = try gateway.uploadStatuses()
        #expect(failing.first?["state"] as? String == "failing")
        #expect((failing.first?["last_error"] as? String)?.contains("refused the station id or key: unauthorized") == true)
        let nextTry = Self.dateUTC((failing.first?["next_attempt_at"] as? String).map { $0.replacingOccurrences(of: "Z", with: "").replacingOccurrences(of: "T", with: " ") })
        #expect((nextTry ?? 0) >= Int64(Date().timeIntervalSince1970) + 3_500, "next try \(String(describing: failing.first?["next_attempt_at"]))")

        // WOW answers again: the gap, one reading per five minutes, oldest first.
        wow.mode = .accept
        #expect(try await UploadingGateway.wait(timeoutSeconds: 60) { wow.uploads.count >= 3 }, "\(wow.uploads.count) uploads\n\(gateway.process.standardErrorSoFar)")
        #expect(wow.uploads.map { Self.dateUTC($0.parameters["dateutc"]) } == [sent[0].timestamp, sent[5].timestamp, sent[10].timestamp])

        // Home Assistant: a problem sensor per destination, on for the rejected key.
        let problemConfig = try ChildProcess.run(
            executable: "/usr/bin/mosquitto_sub",
            arguments: ["-h", "127.0.0.1", "-p", String(broker.port), "-t", "homeassistant/binary_sensor/+/upload_1_problem/config", "-C", "1", "-W", "10"]
        ).standardOutput
        #expect(problemConfig.contains(#""name":"Upload 1 problem (Weather Underground)""#))
        #expect(problemConfig.contains(#""device_class":"problem""#))
        #expect(problemConfig.contains(#""entity_category":"diagnostic""#))
        let lastConfig = try ChildProcess.run(
            executable: "/usr/bin/mosquitto_sub",
            arguments: ["-h", "127.0.0.1", "-p", String(broker.port), "-t", "homeassistant/sensor/+/upload_2_last_upload/config", "-C", "1", "-W", "10"]
        ).standardOutput
        #expect(lastConfig.contains(#""device_class":"timestamp""#))
        // The gateway's values go out once a minute: one subscriber, read as it goes.
        let subscriber = try ChildProcess(
            executable: "/usr/bin/mosquitto_sub",
            arguments: ["-h", "127.0.0.1", "-p", String(broker.port), "-t", "tempest/gateway/upload_1_problem", "-W", "80"])
        try subscriber.start()
        defer { subscriber.send(signal: SIGTERM) }
        let problemOn = try await UploadingGateway.wait(timeoutSeconds: 75) {
            subscriber.standardOutputSoFar.split(separator: "\n").contains("ON")
        }
        #expect(problemOn)
        let doctor = try Gateway.run(["doctor", "--json", "--config", gateway.config, "--seconds", "1", "--port", String(gateway.udpPort)])
        #expect(doctor.standardOutput.contains(#""check":"upload 1 to Weather Underground as KCODENVE123","result":"warn""#))
        #expect(doctor.standardOutput.contains("a rejected key is tried again once an hour"))

        // The wrong key was tried once in all this time, logged once, and shows nowhere.
        #expect(wunderground.requests.count == 1)
        #expect(gateway.process.standardErrorSoFar.components(separatedBy: "unauthorized").count - 1 == 1)
        #expect(try gateway.metrics().contains(#"tempest_gateway_upload_requests_total{upload="1",service="wunderground",result="rejected_key"} 1"#))
        let shown = try await gateway.everythingShown()
        #expect(!shown.contains("a-wrong-key-8812"))
        #expect(!shown.contains("wow-pin-4711"))
    }
}

extension UploadRunTests {
    @Test("SIGHUP restarts only the upload whose key changed; the other goes on with its schedule")
    func reloadRestartsOnlyTheChangedDestination() async throws {
        let windy = try WindyStandIn(stationID: "f1a2b3c4", password: "windy-first")
        let wow = try MetOfficeWOWStandIn(siteID: "123456", key: "wow-first")
        let keyDirectory = try TemporaryDirectory(prefix: "upload-keys")
        let windyKey = try UploadingGateway.keyFile(in: keyDirectory, "windy", "windy-first")
        let wowKey = try UploadingGateway.keyFile(in: keyDirectory, "wow", "wow-first")
        let gateway = try UploadingGateway(
            uploads: """
                [[upload]]
                service = "windy"
                id = "f1a2b3c4"
                key_file = "\(windyKey)"
                url = "\(windy.url)"
                [[upload]]
                service = "wow"
                id = "123456"
                key_file = "\(wowKey)"
                url = "\(wow.url)"
                """)
        defer { gateway.stop() }
        let sent = Self.minutes(7)
        try await gateway.broadcast(Array(sent.prefix(1)), pauseSeconds: 0.5)
        #expect(try await UploadingGateway.wait(timeoutSeconds: 20) { windy.uploads.count == 1 && wow.uploads.count == 1 })

        // WOW's key is rotated (the site's new PIN), Windy's is not.
        try "wow-second\n".write(toFile: wowKey, atomically: true, encoding: .utf8)
        chmod(wowKey, 0o600)
        gateway.process.send(signal: SIGHUP)
        #expect(try await UploadingGateway.wait(timeoutSeconds: 20) { gateway.process.standardErrorSoFar.contains("Configuration reloaded:") })
        let reloadLine = gateway.process.standardErrorSoFar.split(separator: "\n").first { $0.contains("Configuration reloaded:") } ?? ""
        #expect(reloadLine.contains("applied upload 2 restarted"), "\(reloadLine)")
        #expect(!reloadLine.contains("upload 1"), "\(reloadLine)")

        // Windy kept its schedule: the next minute is within its interval, so nothing goes.
        // WOW starts afresh with the new key: the stand-in (which knows the old one) refuses it.
        try await gateway.broadcast(Array(sent.dropFirst().prefix(1)), pauseSeconds: 0.5)
        #expect(try await UploadingGateway.wait(timeoutSeconds: 20) { wow.requests.count >= 2 })
        #expect(windy.requests.count == 1)
        #expect(wow.requests.last?.queryValue("siteAuthenticationKey") == "wow-second")
    }
}
