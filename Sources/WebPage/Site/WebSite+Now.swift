// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Pipeline
import Storage

extension WebSite {
    /// The Now page: per station device a list of its current values
    /// (label, value with its unit, "updated … ago", "(stale)"), then the
    /// lightning of the last 3 hours. live.js keeps the values and ages
    /// current; without JavaScript a reload does.
    func nowPage(_ store: Store) throws -> WebResponse {
        let snapshot = try NowSnapshot.load(
            from: store, now: context.now(), zones: context.zones, units: units, correction: context.corrector.current)
        var body = "<h1>Now</h1>\n<p id=\"live-status\" role=\"status\">Live updates: not connected</p>\n"
        body += "<noscript><p>Live updates need JavaScript; reload the page for new values.</p></noscript>\n"
        if snapshot.devices.isEmpty {
            body += "<p>No observation stored yet. Values appear here once the station has reported.</p>\n"
        }
        let nearby = context.report().nearbyStrikes
        for (index, device) in snapshot.devices.enumerated() {
            body += deviceSection(device, number: index + 1, now: snapshot.now, nearby: index == 0 ? nearby : nil)
        }
        body += "<p class=\"footnote\">\(HTMLText.escape(StaleRule.footnote)) \(zoneSentence(snapshot.devices))</p>\n"
        return html(PageLayout(title: "Now", section: .now, mainID: "now", live: true).render(body))
    }

    /// One device's section: its values as a description list, then its
    /// strikes (with the WeatherFlow cloud's mark, when it gave one) and,
    /// for the first device while the feed is on, the count of the
    /// nearby-strikes feed (the gateway's, from other stations).
    private func deviceSection(_ device: NowDevice, number: Int, now: Int64, nearby: NearbyStrikeTally.Summary?) -> String {
        let heading = "device-\(number)"
        var html = "<section aria-labelledby=\"\(heading)\"><h2 id=\"\(heading)\">\(device.kindName) \(HTMLText.escape(device.serial))</h2>\n"
        html += "<dl class=\"values\">\n"
        for item in device.items {
            let stale = item.isStale(now: now)
            let field = HTMLText.escape(item.field)
            html += "<div><dt>\(HTMLText.escape(item.label))</dt><dd><span class=\"value\" data-field=\"\(field)\" "
                + "data-timestamp=\"\(item.timestamp)\" data-stale-after=\"\(item.staleAfterSeconds)\""
                + (stale ? " data-stale=\"true\"" : "") + ">\(item.value.html)</span>"
            if let note = item.note { html += " <span class=\"note\">\(HTMLText.escape(note))</span>" }
            html += " <span class=\"age\">\(WebTime.updated(at: item.timestamp, now: now))</span>"
            if stale { html += " <strong class=\"stale-mark\">(stale)</strong>" }
            html += "</dd></div>\n"
        }
        html += "</dl>\n"
        if let strikes = device.recentStrikes {
            html += "<h3>Lightning in the last 3 hours</h3>\n"
            if strikes.isEmpty {
                html += "<p>No lightning in the last 3 hours.</p>\n"
            } else {
                html += "<ul class=\"strikes\">\n"
                for strike in strikes.prefix(50) {
                    let distance = units.shown(field: "lightning_strike_last_distance", Double(strike.distanceKilometers))
                    let mark = strike.cloudMark.flatMap { $0 == .unmarked ? nil : " (\($0.name) by the WeatherFlow cloud)" } ?? ""
                    html += "<li>At \(WebTime.clock(strike.timestamp, in: device.zone)): distance \(distance.html)\(mark)</li>\n"
                }
                if strikes.count > 50 { html += "<li>and \(strikes.count - 50) earlier strikes</li>\n" }
                html += "</ul>\n"
            }
            if let nearby { html += nearbyParagraph(nearby) }
        }
        return html + "</section>\n"
    }

    /// Which zone the times are in: the station's while every device shown
    /// keeps the first station's, else each device's (its day and totals are
    /// its own station's).
    private func zoneSentence(_ devices: [NowDevice]) -> String {
        guard devices.contains(where: { $0.zone != context.timeZone }) else {
            return "Times are in the station's time zone, \(HTMLText.escape(context.timeZone.identifier))."
        }
        return "Times, today and its totals are in each device's station's time zone: "
            + devices.map { "\(HTMLText.escape($0.serial)) \(HTMLText.escape($0.zone.identifier))" }.joined(separator: ", ") + "."
    }

    /// The nearby-strikes feed's count of the last 3 hours, labels before values.
    private func nearbyParagraph(_ nearby: NearbyStrikeTally.Summary) -> String {
        var text = "<p class=\"nearby\">Nearby lightning in the last 3 hours (other stations, from the WeatherFlow cloud): "
            + "<span class=\"value\" data-field=\"nearby_lightning_last_3_hours\">\(Plural.count(nearby.lastThreeHoursCount, "strike"))</span>"
        if nearby.lastThreeHoursCount > 0, let distance = nearby.lastDistanceKilometers, let at = nearby.lastAt {
            text += "; the last at \(WebTime.clock(at, in: context.timeZone)), distance "
                + units.shown(field: "lightning_strike_last_distance", distance).html
        }
        return text + ".</p>\n"
    }
}
