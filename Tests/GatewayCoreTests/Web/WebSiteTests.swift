// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

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

/// The site as a whole: routes, assets, errors, escaping, the content
/// security rules and the weight of the page set.
@Suite struct WebSiteTests {
    static let pages: [WebRequest] = [
        WebRequest(path: "/"), WebRequest(path: "/charts"), WebRequest(path: "/charts", query: ["range": "7d"]),
        WebRequest(path: "/health"), WebRequest(path: "/style.css"), WebRequest(path: "/live.js"),
    ]

    @Test("the page set weighs at most 150 KB for a full day and a week of data")
    func weight() throws {
        let fixture = try WebSiteFixture()
        let site = fixture.site(units: .imperial)
        var total = 0
        for request in Self.pages {
            let response = site.respond(to: request)
            #expect(response.status == 200, "\(request.path)")
            print("\(request.path)\(request.query.isEmpty ? "" : "?range=7d"): \(response.body.count) bytes")
            total += response.body.count
        }
        print("page set: \(total) bytes")
        #expect(total <= 150_000)
    }

    @Test("no inline style or script anywhere, one script file by its address; navigation marks the current page")
    func contentSecurity() throws {
        let fixture = try WebSiteFixture()
        let site = fixture.site()
        for request in Self.pages + [WebRequest(path: "/nowhere"), WebRequest(path: "/charts", query: ["day": "x"])] {
            let response = site.respond(to: request)
            guard response.contentType.hasPrefix("text/html") else { continue }
            let html = PageText.body(response)
            #expect(!html.contains("style="), "\(request.path)")
            #expect(!html.contains("<style"), "\(request.path)")
            #expect(PageText.count("<script", in: html) == PageText.count("<script src=\"/live.js\" defer></script>", in: html))
            #expect(!html.contains("javascript:") && !html.contains(" onclick") && !html.contains(" onload"))
            #expect(html.contains("<html lang=\"en\">"))
            #expect(html.contains("<meta name=\"viewport\""))
            #expect(html.contains("<link rel=\"icon\" href=\"data:,\">"))
            #expect(html.contains("<a class=\"skip\" href=\"#"))
        }
        let charts = PageText.body(site.respond(to: WebRequest(path: "/charts")))
        #expect(charts.contains("<a href=\"/charts\" aria-current=\"page\">Charts</a>"))
        #expect(PageText.count("aria-current", in: charts) == 1)
    }

    @Test("style.css and live.js are cached for an hour; live.js listens on /events")
    func assets() throws {
        let fixture = try WebSiteFixture(forecast: false)
        let site = fixture.site()
        let css = site.respond(to: WebRequest(path: "/style.css"))
        #expect(css.contentType == "text/css; charset=utf-8")
        #expect(css.headers.contains(WebHeader("Cache-Control", "max-age=3600")))
        #expect(PageText.body(css).contains("prefers-color-scheme:dark"))
        let script = site.respond(to: WebRequest(method: "HEAD", path: "/live.js"))
        #expect(script.contentType == "text/javascript; charset=utf-8")
        #expect(script.headers.contains(WebHeader("Cache-Control", "max-age=3600")))
        let text = PageText.body(script)
        #expect(text.contains("new EventSource('/events')"))
        #expect(text.contains("Live updates: connected") && text.contains("Live updates: reconnecting"))
    }

    @Test("an unknown path gets a 404 page")
    func notFound() throws {
        let fixture = try WebSiteFixture(forecast: false)
        let response = fixture.site().respond(to: WebRequest(path: "/wp-admin/<x>"))
        #expect(response.status == 404)
        #expect(response.contentType == "text/html; charset=utf-8")
        let html = PageText.body(response)
        #expect(html.contains("There is no page at /wp-admin/&lt;x&gt;."))
        #expect(!html.contains("<x>"))
    }

    @Test("a database that cannot be opened: 503 with a sentence; Health still answers")
    func missingDatabase() throws {
        let fixture = try WebSiteFixture(forecast: false)
        let site = fixture.site(databasePath: fixture.directory.file("missing.db"))
        for path in ["/", "/charts"] {
            let response = site.respond(to: WebRequest(path: path))
            #expect(response.status == 503)
            #expect(PageText.body(response).contains("cannot be read right now"))
        }
        let health = site.respond(to: WebRequest(path: "/health"))
        #expect(health.status == 200)
        #expect(PageText.body(health).contains("cannot be read right now"))
    }

    @Test("a hostile serial is shown as text on every page")
    func escaping() throws {
        let hostile = "ST-\"><script>alert(1)</script>"
        let fixture = try WebSiteFixture(newestAt: WebSiteFixture.now - 3_600, serial: hostile, forecast: false)
        let site = fixture.site()
        for request in [WebRequest(path: "/"), WebRequest(path: "/charts"), WebRequest(path: "/health")] {
            let html = PageText.body(site.respond(to: request))
            #expect(!html.contains("<script>alert"), "\(request.path)")
        }
        let now = PageText.body(site.respond(to: WebRequest(path: "/")))
        #expect(now.contains("Tempest ST-&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(HTMLText.escape("a&b<c>'d\"") == "a&amp;b&lt;c&gt;&#39;d&quot;")
    }

    @Test("Health: the status report's sentences, the database size, and the stored devices")
    func health() throws {
        let fixture = try WebSiteFixture(forecast: false)
        let response = fixture.site().respond(to: WebRequest(path: "/health"))
        #expect(response.status == 200)
        let html = PageText.body(response)
        #expect(html.contains("<main id=\"health\""))
        var lines = [String]()
        WebSiteFixture.report(path: fixture.path).writeText(now: WebSiteFixture.now) { lines += $0.split(separator: "\n").map(String.init) }
        #expect(lines.count >= 4)
        for line in lines { #expect(html.contains("<li>\(HTMLText.escape(line))</li>")) }
        #expect(html.contains("; size "))
        #expect(html.contains("<th scope=\"row\">\(WebSiteFixture.serial)</th><td>tempest</td>"))
    }
}
