// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import GatewayStatus
import Glibc
import Meteorology
import Pipeline
import TempestTestKit
import WebPage
@testable import CloudFollowing
@testable import Forecasting
@testable import GatewayCore
@testable import GatewayStatus
@testable import MQTTSink
@testable import Pipeline
@testable import Storage
@testable import WebPage

/// A real database in a temporary folder, filled through the store's own
/// insert code: 8 days of 1-minute Tempest observations up to `newestAt`
/// (a daily temperature cycle, a shower of 6 mm today, daylight), strikes,
/// today's summary, and optionally a stored forecast; and the site over it.
final class WebSiteFixture {
    /// 2026-11-26 18:00 UTC, 11:00 in Denver.
    static let now: Int64 = 1_795_716_000
    static let serial = "ST-00054321"
    static let hub = "HB-00012345"
    static let locationKey = "39.7,-105"

    let directory: TemporaryDirectory
    let path: String
    let zone: TimeZoneRules
    let newestAt: Int64

    /// The day's highest and lowest temperature so far, °C, and when.
    private(set) var high: (celsius: Double, at: Int64) = (-100, 0)
    private(set) var low: (celsius: Double, at: Int64) = (100, 0)

    init(newestAt: Int64 = WebSiteFixture.now - 60, serial: String = WebSiteFixture.serial, forecast: Bool = true, pack: Bool = false) throws {
        directory = try TemporaryDirectory(prefix: "web-site-test")
        path = directory.file("gateway.db")
        zone = try TimeZoneRules(identifier: "America/Denver")
        self.newestAt = newestAt
        let store = try Store(path: path)
        let startOfToday = zone.startOfDay(containing: Self.now)
        let showerStart = startOfToday + 8 * 3_600
        try store.write {
            var time = Self.now - 8 * 86_400
            while time <= newestAt {
                let record = Self.observation(serial: serial, at: time, shower: time >= showerStart && time < showerStart + 30 * 60)
                _ = try store.insert(record)
                if time >= startOfToday, let celsius = record.airTemperatureCelsius {
                    if celsius > high.celsius { high = (celsius, time) }
                    if celsius < low.celsius { low = (celsius, time) }
                }
                time += 60
            }
            for (minutesAgo, kilometers) in [(300, 20), (120, 10), (90, 7)] {
                _ = try store.insert(
                    LightningStrikeRecord(serial: serial, timestamp: Self.now - Int64(minutesAgo) * 60, distanceKilometers: kilometers, energy: 3_000))
            }
            var summary = DailySummaryRecord(serial: serial, localDate: zone.localDate(at: Self.now).description, updatedAt: newestAt)
            summary.rainMillimeters = 6
            summary.rainMinutes = 30
            summary.strikeCount = 3
            summary.maximumTemperatureCelsius = high.celsius
            summary.maximumTemperatureAt = high.at
            summary.minimumTemperatureCelsius = low.celsius
            summary.minimumTemperatureAt = low.at
            try store.upsert(summary)
            if forecast { try Self.storeForecast(in: store) }
        }
        if pack {
            _ = try store.pruneAll(now: Self.now, policy: RetentionPolicy(packAfterDays: 4))
        }
    }

    /// One observation: temperature 2 to 18 °C peaking mid-afternoon UTC,
    /// humidity opposite, slowly moving pressure, wind, daylight.
    static func observation(serial: String, at time: Int64, shower: Bool) -> ObservationRecord {
        let phase = Double(time % 86_400) / 86_400 * 2 * Double.pi
        var record = ObservationRecord(serial: serial, timestamp: time, kind: .tempest, source: .udp, receivedAt: time + 1)
        record.hubSerial = hub
        record.firmwareRevision = 176
        record.airTemperatureCelsius = ((10 + 8 * sin(phase - 2.2)) * 100).rounded() / 100
        record.relativeHumidityPercent = ((60 - 20 * sin(phase - 2.2)) * 100).rounded() / 100
        record.stationPressureMillibars = ((1_010 + 4 * sin(Double(time) / 30_000)) * 100).rounded() / 100
        record.windLullMetersPerSecond = 0.5
        record.windAverageMetersPerSecond = ((3 + 2 * sin(phase * 3)) * 100).rounded() / 100
        record.windGustMetersPerSecond = ((6 + 2 * sin(phase * 3)) * 100).rounded() / 100
        record.windDirectionDegrees = 180 + Int(time / 60 % 60)
        record.windSampleIntervalSeconds = 3
        let light = max(0, sin(phase - 1.6))
        record.illuminanceLux = Int(light * 60_000)
        record.uvIndex = (light * 500).rounded() / 100
        record.solarRadiationWattsPerSquareMeter = Int(light * 500)
        record.rainAccumulatedMillimeters = shower ? 0.2 : 0
        record.precipitationType = shower ? 1 : 0
        record.lightningStrikeCount = 0
        record.lightningStrikeAverageDistanceKilometers = 0
        record.batteryVolts = 2.68
        record.reportIntervalMinutes = 1
        return record
    }

    /// A forecast fetched an hour ago (hourly temperature and rain for the
    /// last and next day) and the verification record of the days before.
    static func storeForecast(in store: Store) throws {
        let first = now - 86_400 - now % 3_600
        let hours = (0..<48).map { first + Int64($0) * 3_600 }
        let temperatures = hours.map { String(Double(Int(observation(serial: "", at: $0, shower: false).airTemperatureCelsius! * 10) + 15) / 10) }
        let rain = hours.map { $0 % 10_800 == 0 ? "0.4" : "0" }
        let payload = """
            {"latitude":39.75,"longitude":-105.0,"utc_offset_seconds":-25200,"timezone":"America/Denver",\
            "hourly_units":{"time":"unixtime","temperature_2m":"°C","precipitation":"mm"},\
            "hourly":{"time":[\(hours.map(String.init).joined(separator: ","))],\
            "temperature_2m":[\(temperatures.joined(separator: ","))],"precipitation":[\(rain.joined(separator: ","))]}}
            """
        try store.insert(ForecastSnapshotRecord(locationKey: locationKey, fetchedAt: now - 3_600, sourceURL: "https://api.open-meteo.com/v1/forecast", payloadJSON: payload))
        var records = [ForecastVerificationRecord]()
        var valid = now - 8 * 86_400 - now % 3_600
        while valid < first {
            records.append(ForecastVerificationRecord(locationKey: locationKey, issuedAt: valid - 3 * 3_600, validAt: valid, leadHours: 3, forecastCelsius: 9))
            valid += 3_600
        }
        try store.insertForecastHours(records)
    }

    /// The site over the database in `units` (each device in its station's `zones`, else all in `zone`).
    func site(units: PublishedUnits = .metric, databasePath: String? = nil, zones: StationZones? = nil) -> WebSite {
        let reportPath = path
        return WebSite(context: WebSiteContext(
            databasePath: databasePath ?? path, timeZone: zone, zones: zones, units: units, report: { WebSiteFixture.report(path: reportPath) },
            forecastLocationKey: { WebSiteFixture.locationKey }, now: { WebSiteFixture.now }))
    }

    /// A status report as the running gateway makes one.
    static func report(path: String) -> StatusReport {
        let writer = StoreWriterStatus(
            commitSequence: 7, committedThrough: 7, syncedThrough: 7, pendingCount: 0, isStorageUnavailable: false, lastError: nil,
            droppedRapidWindCount: 0, refusedCount: 0, rejectedCount: 0, outboxShedCount: 0)
        return StatusReport(
            startedAt: now - 3_600, listener: nil, bindAddress: "0.0.0.0", activity: DeviceActivity(), writerStatus: writer,
            databasePath: path, outboxDepth: 3, mqttEnabled: true, mqttConnected: true, mqttBroker: "127.0.0.1:1883", mqttInFlight: 0)
    }
}

/// Reading a page back.
enum PageText {
    /// The body of `response` as text.
    static func body(_ response: WebResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    /// The text content of the element holding `data-field="name"`: its
    /// inner HTML without tags, character references resolved.
    static func field(_ name: String, in html: String) -> String? {
        guard let attribute = html.firstRange(of: "data-field=\"\(name)\""),
            let open = html[attribute.upperBound...].firstIndex(of: ">"),
            let close = html[open...].firstRange(of: "</span>")
        else { return nil }
        return text(String(html[html.index(after: open)..<close.lowerBound]))
    }

    /// `html` without tags, character references resolved.
    static func text(_ html: String) -> String {
        var text = ""
        var inTag = false
        for character in html {
            if character == "<" { inTag = true } else if character == ">" { inTag = false } else if !inTag { text.append(character) }
        }
        return text.replacing("&lt;", with: "<").replacing("&gt;", with: ">").replacing("&quot;", with: "\"")
            .replacing("&#39;", with: "'").replacing("&amp;", with: "&")
    }

    /// How many times `needle` occurs in `text`.
    static func count(_ needle: String, in text: String) -> Int {
        var count = 0
        var rest = text[...]
        while let range = rest.firstRange(of: needle) {
            count += 1
            rest = rest[range.upperBound...]
        }
        return count
    }
}
