// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON
import Storage
import Testing
import WebPage
@testable import CloudFollowing
@testable import Forecasting
@testable import GatewayCore
@testable import GatewayStatus
@testable import MQTTSink
@testable import Pipeline
@testable import WebPage

/// The Now page and the live event, from a real database.
@Suite struct WebSiteNowTests {
    static let markers = [
        "air_temperature", "relative_humidity", "dew_point", "feels_like", "wind_average", "wind_gust", "wind_direction",
        "station_pressure", "pressure_trend", "illuminance", "uv_index", "solar_radiation", "rain_today",
        "lightning_strikes_today", "lightning_strikes_last_3_hours", "battery", "high_temperature_today", "low_temperature_today",
    ]

    @Test("Now: every marker with a timestamp, values in metric units with their units spelled, ages, highs and lows")
    func metricValues() throws {
        let fixture = try WebSiteFixture()
        let response = fixture.site().respond(to: WebRequest(path: "/"))
        #expect(response.status == 200)
        #expect(response.contentType == "text/html; charset=utf-8")
        let html = PageText.body(response)
        #expect(html.contains("<main id=\"now\""))
        #expect(html.contains("id=\"live-status\""))
        #expect(html.contains("<noscript><p>Live updates need JavaScript; reload the page for new values.</p></noscript>"))
        for marker in Self.markers {
            #expect(html.contains("data-field=\"\(marker)\" data-timestamp=\""), "missing \(marker)")
        }
        let newest = WebSiteFixture.observation(serial: WebSiteFixture.serial, at: fixture.newestAt, shower: false)
        let celsius = WebUnits.rounded(newest.airTemperatureCelsius!, decimals: 1)
        #expect(PageText.field("air_temperature", in: html) == "\(celsius) °C")
        #expect(html.contains("<abbr title=\"degrees Celsius\">°C</abbr>"))
        #expect(PageText.field("wind_average", in: html) == "\(WebUnits.rounded(newest.windAverageMetersPerSecond!, decimals: 1)) m/s")
        #expect(html.contains("<abbr title=\"metres per second\">m/s</abbr>"))
        #expect(PageText.field("station_pressure", in: html)?.hasSuffix(" mb") == true)
        #expect(PageText.field("rain_today", in: html) == "6 mm")
        #expect(PageText.field("battery", in: html) == "2.68 V")
        #expect(PageText.field("lightning_strikes_today", in: html) == "3")
        #expect(PageText.field("lightning_strikes_last_3_hours", in: html) == "2")
        #expect(html.contains("updated 1 minute ago"))
        #expect(!html.contains("stale-mark"))
        #expect(!html.contains("data-stale=\"true\""))
        // Highs and lows of today with their station-local times.
        #expect(PageText.field("high_temperature_today", in: html) == "\(WebUnits.rounded(fixture.high.celsius, decimals: 1)) °C")
        #expect(PageText.field("low_temperature_today", in: html) == "\(WebUnits.rounded(fixture.low.celsius, decimals: 1)) °C")
        #expect(html.contains("at \(WebTime.clock(fixture.high.at, in: fixture.zone))"))
        // Pressure trend from the last three hours, and the strikes of the last three hours.
        let trend = try #require(PageText.field("pressure_trend", in: html))
        #expect(["Falling, ", "Steady, ", "Rising, "].contains { trend.hasPrefix($0) } && trend.hasSuffix(" in 3 hours"))
        #expect(html.contains("<li>At 09:30: distance 7 <abbr title=\"kilometres\">km</abbr></li>"))
        #expect(html.contains("<li>At 09:00: distance 10 <abbr title=\"kilometres\">km</abbr></li>"))
        #expect(!html.contains("distance 20"))
    }

    @Test("Now: imperial units")
    func imperialValues() throws {
        let fixture = try WebSiteFixture()
        let html = PageText.body(fixture.site(units: .imperial).respond(to: WebRequest(path: "/")))
        let newest = WebSiteFixture.observation(serial: WebSiteFixture.serial, at: fixture.newestAt, shower: false)
        let fahrenheit = WebUnits.rounded(newest.airTemperatureCelsius! * 9 / 5 + 32, decimals: 1)
        #expect(PageText.field("air_temperature", in: html) == "\(fahrenheit) °F")
        #expect(html.contains("<abbr title=\"degrees Fahrenheit\">°F</abbr>"))
        #expect(PageText.field("wind_gust", in: html)?.hasSuffix(" mph") == true)
        #expect(PageText.field("station_pressure", in: html)?.hasSuffix(" inHg") == true)
        #expect(PageText.field("rain_today", in: html) == "0.24 in")
        #expect(html.contains("distance 4.3 <abbr title=\"miles\">mi</abbr>"))
    }

    @Test("Now: values 11 minutes old are marked stale in text and attribute")
    func staleValues() throws {
        let fixture = try WebSiteFixture(newestAt: WebSiteFixture.now - 11 * 60)
        let html = PageText.body(fixture.site().respond(to: WebRequest(path: "/")))
        #expect(html.contains("updated 11 minutes ago"))
        #expect(html.contains("data-field=\"air_temperature\" data-timestamp=\"\(fixture.newestAt)\" data-stale-after=\"600\" data-stale=\"true\""))
        #expect(PageText.count("<strong class=\"stale-mark\">(stale)</strong>", in: html) == Self.markers.count)
        #expect(PageText.count("data-stale=\"true\"", in: html) == Self.markers.count)
    }

    @Test("Now: stale rule of power-save mode is twice the report interval")
    func staleRule() {
        #expect(StaleRule.thresholdSeconds(powerSaveMode: 0, reportIntervalMinutes: 1) == 600)
        #expect(StaleRule.thresholdSeconds(powerSaveMode: nil, reportIntervalMinutes: 30) == 600)
        #expect(StaleRule.thresholdSeconds(powerSaveMode: 3, reportIntervalMinutes: 1) == 600)
        #expect(StaleRule.thresholdSeconds(powerSaveMode: 3, reportIntervalMinutes: 15) == 1_800)
    }

    @Test("live event: one line of JSON with the texts and timestamps the page shows")
    func liveEventMatchesPage() throws {
        let fixture = try WebSiteFixture()
        let site = fixture.site(units: .imperial)
        let html = PageText.body(site.respond(to: WebRequest(path: "/")))
        let line = try #require(site.liveEvent())
        #expect(!line.contains("\n"))
        let event = try JSONValue.parse(line)
        #expect(event["at"]?.int64Value == WebSiteFixture.now)
        let fields = try #require(event["fields"]?.objectValue)
        let timestamps = try #require(event["timestamps"]?.objectValue)
        #expect(Set(fields.keys) == Set(Self.markers))
        for (name, value) in fields {
            #expect(PageText.field(name, in: html) == value.stringValue, "\(name)")
            let timestamp = try #require(timestamps[name]?.int64Value)
            #expect(html.contains("data-field=\"\(name)\" data-timestamp=\"\(timestamp)\""))
        }
        // The notes after the highs and lows travel with them, so a new low
        // does not show beside the old one's time.
        let notes = try #require(event["notes"]?.objectValue)
        #expect(Set(notes.keys) == ["high_temperature_today", "low_temperature_today"])
        for (name, note) in notes {
            let text = try #require(note.stringValue)
            #expect(text.hasPrefix("at "))
            #expect(html.contains("data-field=\"\(name)\"") && html.contains("<span class=\"note\">\(text)</span>"), "\(name)")
        }
    }

    @Test("live event: none without a database")
    func liveEventWithoutDatabase() throws {
        let fixture = try WebSiteFixture()
        #expect(fixture.site(databasePath: fixture.directory.file("missing.db")).liveEvent() == nil)
    }

    @Test("Now: a second device's field names start with its serial; HEAD is answered like GET")
    func secondDevice() throws {
        let fixture = try WebSiteFixture(forecast: false)
        let store = try Store(path: fixture.path)
        try store.write {
            _ = try store.insert(WebSiteFixture.observation(serial: "ST-00099999", at: WebSiteFixture.now - 1_800, shower: false))
        }
        let site = fixture.site()
        let html = PageText.body(site.respond(to: WebRequest(path: "/")))
        #expect(PageText.count("<section aria-labelledby=\"device-", in: html) == 2)
        #expect(html.contains("data-field=\"air_temperature\" data-timestamp=\"\(fixture.newestAt)\""))
        #expect(html.contains("data-field=\"ST-00099999:air_temperature\" data-timestamp=\"\(WebSiteFixture.now - 1_800)\""))
        #expect(html.contains("data-field=\"ST-00099999:air_temperature\" data-timestamp=\"\(WebSiteFixture.now - 1_800)\" data-stale-after=\"600\" data-stale=\"true\""))
        let event = try JSONValue.parse(try #require(site.liveEvent()))
        #expect(event["fields"]?["ST-00099999:battery"]?.stringValue == "2.68 V")
        let head = site.respond(to: WebRequest(method: "HEAD", path: "/"))
        #expect(head.status == 200 && head.contentType == "text/html; charset=utf-8" && !head.body.isEmpty)
    }
}
