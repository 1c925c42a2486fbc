// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Pipeline
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

/// The WebSocket's lightning on the web page: the cloud's marks on the Now
/// page's strikes, and the nearby-strikes count while the feed is on.
@Suite struct WebSiteNearbyStrikeTests {
    static let nearby = NearbyStrikeTally.Summary(
        lastHourCount: 2, lastThreeHoursCount: 5, lastDistanceKilometers: 31.6, lastAt: WebSiteFixture.now - 600)

    func site(_ fixture: WebSiteFixture, nearby: NearbyStrikeTally.Summary?) -> WebSite {
        let path = fixture.path
        return WebSite(context: WebSiteContext(
            databasePath: path, timeZone: fixture.zone, units: .metric,
            report: {
                var report = WebSiteFixture.report(path: path)
                report.nearbyStrikes = nearby
                return report
            },
            forecastLocationKey: { nil }, now: { WebSiteFixture.now }))
    }

    @Test("Now: the nearby-strikes count only while the feed is on, labels before values, units spelled out")
    func nearbyCount() throws {
        let fixture = try WebSiteFixture()
        let off = PageText.body(site(fixture, nearby: nil).respond(to: WebRequest(path: "/")))
        #expect(!off.contains("Nearby lightning"))
        let on = PageText.body(site(fixture, nearby: Self.nearby).respond(to: WebRequest(path: "/")))
        #expect(PageText.field("nearby_lightning_last_3_hours", in: on) == "5 strikes")
        let clock = WebTime.clock(WebSiteFixture.now - 600, in: fixture.zone)
        #expect(
            PageText.text(on).contains(
                "Nearby lightning in the last 3 hours (other stations, from the WeatherFlow cloud): 5 strikes; the last at \(clock), distance 32 km."), "distances are whole kilometres on the page, as the station's")
        #expect(on.contains("<abbr title=\"kilometres\">km</abbr>.</p>"))
        // The Health page shows the status report's sentence.
        let health = PageText.text(PageText.body(site(fixture, nearby: Self.nearby).respond(to: WebRequest(path: "/health"))))
        #expect(health.contains("Nearby lightning (other stations, from the WeatherFlow cloud): 5 strikes in the last 3 hours, 2 in the last hour"))
    }

    @Test("Now: a strike the cloud confirmed says so")
    func markedStrike() throws {
        let fixture = try WebSiteFixture()
        let store = try Store(path: fixture.path)
        let at = WebSiteFixture.now - 30 * 60
        try store.write {
            _ = try store.insert(
                LightningStrikeRecord(serial: WebSiteFixture.serial, timestamp: at, distanceKilometers: 5, energy: 10, cloudMark: .confirmed))
        }
        let html = PageText.body(site(fixture, nearby: nil).respond(to: WebRequest(path: "/")))
        let clock = WebTime.clock(at, in: fixture.zone)
        #expect(html.contains("<li>At \(clock): distance 5 <abbr title=\"kilometres\">km</abbr> (confirmed by the WeatherFlow cloud)</li>"))
        #expect(html.contains("<li>At 09:30: distance 7 <abbr title=\"kilometres\">km</abbr></li>"))
    }
}
