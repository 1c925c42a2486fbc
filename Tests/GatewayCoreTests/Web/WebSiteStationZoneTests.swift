// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology
import Storage
import Testing
@testable import WebPage

/// The Now page shows each device's today in its own station's zone.
@Suite struct WebSiteStationZoneTests {
    @Test("Now: a device of a station in Tokyo shows Tokyo's today, its summary and times, and the footnote says so")
    func tokyoDevice() throws {
        let fixture = try WebSiteFixture()
        let tokyo = try TimeZoneRules(identifier: "Asia/Tokyo")
        // At the fixture's now, 11:00 in Denver on the 26th, it is 03:00 on the 27th in Tokyo.
        let tokyoToday = tokyo.localDate(at: WebSiteFixture.now)
        #expect(tokyoToday != fixture.zone.localDate(at: WebSiteFixture.now))
        let store = try Store(path: fixture.path)
        var summary = DailySummaryRecord(serial: WebSiteFixture.serial, localDate: tokyoToday.description, updatedAt: WebSiteFixture.now)
        summary.maximumTemperatureCelsius = 31.5
        summary.maximumTemperatureAt = WebSiteFixture.now - 600
        try store.write { try store.upsert(summary) }
        let zones = StationZones([(zone: fixture.zone, serials: []), (zone: tokyo, serials: [WebSiteFixture.serial])])
        let html = PageText.body(fixture.site(zones: zones).respond(to: WebRequest(path: "/")))
        #expect(PageText.field("high_temperature_today", in: html) == "31.5 °C")
        #expect(html.contains("at \(WebTime.clock(WebSiteFixture.now - 600, in: tokyo))"))
        #expect(html.contains("in each device's station's time zone: \(WebSiteFixture.serial) Asia/Tokyo."))
        // One zone for all: the page as before.
        let single = PageText.body(fixture.site().respond(to: WebRequest(path: "/")))
        #expect(single.contains("Times are in the station's time zone, America/Denver."))
        #expect(PageText.field("high_temperature_today", in: single) == "\(WebUnits.rounded(fixture.high.celsius, decimals: 1)) °C")
    }
}
