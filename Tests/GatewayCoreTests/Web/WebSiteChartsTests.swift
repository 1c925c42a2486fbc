// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology
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

/// The Charts page, from a real database.
@Suite struct WebSiteChartsTests {
    static let charts = ["temperature", "humidity", "pressure", "wind", "wind_direction", "rain", "light", "lightning"]

    /// The HTML of one figure.
    static func figure(_ name: String, in html: String) -> String? {
        guard let start = html.firstRange(of: "<figure data-chart=\"\(name)\">"),
            let end = html[start.upperBound...].firstRange(of: "</figure>")
        else { return nil }
        return String(html[start.lowerBound..<end.upperBound])
    }

    @Test("24 hours: every figure with drawn series, a summary, and a data table of hourly rows; the forecast dashed")
    func lastDay() throws {
        let fixture = try WebSiteFixture()
        let response = fixture.site().respond(to: WebRequest(path: "/charts"))
        #expect(response.status == 200)
        let html = PageText.body(response)
        #expect(html.contains("<main id=\"charts\""))
        for name in Self.charts {
            let figure = try #require(Self.figure(name, in: html), "missing \(name)")
            #expect(figure.contains("class=\"series "), "\(name) draws nothing")
            #expect(figure.contains("<svg class=\"chart\" role=\"img\" aria-labelledby=\"\(name)-chart-title \(name)-chart-desc\""))
            #expect(figure.contains("<table><caption>"))
            #expect(figure.contains("<th scope=\"col\">Time</th>"))
            #expect(PageText.count("<tr><th scope=\"row\">", in: figure) >= 2, "\(name) has no rows")
        }
        let temperature = try #require(Self.figure("temperature", in: html))
        #expect(PageText.count("<tr><th scope=\"row\">", in: temperature) == 24)
        #expect(temperature.contains("class=\"series line s4 forecast\" stroke-dasharray=\"9 4\""))
        #expect(temperature.contains("Forecast (long dashes)"))
        #expect(temperature.contains("Air temperature: lowest "))
        #expect(temperature.contains(" degrees Celsius at "))
        let rain = try #require(Self.figure("rain", in: html))
        #expect(rain.contains("Rain: 6 millimetres in total; the wettest hour 6 millimetres from 08:00."))
        #expect(rain.contains("class=\"series bars s2\""))
        let lightning = try #require(Self.figure("lightning", in: html))
        #expect(lightning.contains("3 strikes; the closest 7 kilometres away at 09:30."))
        let dots = try #require(lightning.firstRange(of: "<path class=\"series dots s1\" d=\"").map { lightning[$0.upperBound...] })
        #expect(PageText.count("h0", in: String(dots.prefix { $0 != "\"" })) == 3)
    }

    @Test("7 days: hourly points, 6-hour table rows, still small")
    func lastWeek() throws {
        let fixture = try WebSiteFixture()
        let response = fixture.site().respond(to: WebRequest(path: "/charts", query: ["range": "7d"]))
        #expect(response.status == 200)
        let html = PageText.body(response)
        let temperature = try #require(Self.figure("temperature", in: html))
        #expect(PageText.count("<tr><th scope=\"row\">", in: temperature) == 28)
        #expect(temperature.contains("one row per 6 hours"))
        #expect(temperature.contains("class=\"series line s4 forecast\""))
        print("/charts?range=7d: \(response.body.count) bytes")
        #expect(response.body.count < 70_000)
    }

    @Test("7 days: each day's ET₀ and sunshine from the daily summaries, as bars at the day's noon")
    func growersDays() throws {
        let fixture = try WebSiteFixture()
        let today = fixture.zone.localDate(at: WebSiteFixture.now)
        // ET₀ of 2.5, 3.5, 4.5 mm and 5, 6, 7 hours of sunshine on the three days before today.
        let store = try Store(path: fixture.path)
        try store.write {
            for back in 1...3 {
                let date = LocalDate(daysSince1970: today.daysSince1970 - Int64(back))
                var summary = DailySummaryRecord(serial: WebSiteFixture.serial, localDate: date.description, updatedAt: WebSiteFixture.now)
                summary.growers.referenceEvapotranspirationMillimeters = 1.5 + Double(back)
                summary.growers.sunshineMinutes = (4 + back) * 60
                try store.upsert(summary)
            }
        }
        let html = PageText.body(fixture.site().respond(to: WebRequest(path: "/charts", query: ["range": "7d"])))
        let growers = try #require(Self.figure("growers", in: html))
        #expect(growers.contains("class=\"series bars s1\""))
        let threeDaysAgo = WebTime.day(LocalDate(daysSince1970: today.daysSince1970 - 3))
        #expect(growers.contains("Reference evapotranspiration: lowest 2.5 millimetres"), "\(growers)")
        #expect(growers.contains("highest 4.5 millimetres at \(threeDaysAgo) 12:00"), "\(growers)")
        #expect(growers.contains("Sunshine: lowest 5 hours"))
        // A single day has no daily chart; the day view draws the hours.
        let day = PageText.body(fixture.site().respond(to: WebRequest(path: "/charts", query: ["day": today.previous.description])))
        #expect(Self.figure("growers", in: day) == nil)
    }

    @Test("a packed day: read back through the packed rows, with previous and next links")
    func packedDay() throws {
        let fixture = try WebSiteFixture(pack: true)
        let store = try Store(readOnlyPath: fixture.path)
        #expect(try store.statistics().rowCounts["packed_days"] ?? 0 > 0)
        let day = fixture.zone.localDate(at: WebSiteFixture.now - 6 * 86_400)
        let response = fixture.site().respond(to: WebRequest(path: "/charts", query: ["day": day.description]))
        #expect(response.status == 200)
        let html = PageText.body(response)
        let temperature = try #require(Self.figure("temperature", in: html))
        #expect(PageText.count("<tr><th scope=\"row\">", in: temperature) == 24)
        #expect(temperature.contains("class=\"series line s4 forecast\""))
        #expect(html.contains("href=\"/charts?day=\(day.previous)\""))
        #expect(html.contains("href=\"/charts?day=\(day.next)\""))
    }

    @Test("a day without data says so and draws nothing")
    func emptyDay() throws {
        let fixture = try WebSiteFixture(forecast: false)
        let html = PageText.body(fixture.site().respond(to: WebRequest(path: "/charts", query: ["day": "2020-01-01"])))
        #expect(PageText.count("<p>No data in this period.</p>", in: html) == Self.charts.count)
        #expect(!html.contains("<svg class=\"chart\""))
    }

    @Test("bad queries get a 400 page that says what is wrong")
    func badQueries() throws {
        let fixture = try WebSiteFixture(forecast: false)
        let site = fixture.site()
        let garbage = site.respond(to: WebRequest(path: "/charts", query: ["day": "garbage<b>"]))
        #expect(garbage.status == 400)
        #expect(PageText.body(garbage).contains("The day &quot;garbage&lt;b&gt;&quot; is not a date: write it as YYYY-MM-DD"))
        #expect(site.respond(to: WebRequest(path: "/charts", query: ["day": "2026-02-30"])).status == 400)
        let range = site.respond(to: WebRequest(path: "/charts", query: ["range": "1y"]))
        #expect(range.status == 400)
        #expect(PageText.body(range).contains("use range=24h, range=7d, or day=YYYY-MM-DD"))
    }
}
