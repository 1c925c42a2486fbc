// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Storage

extension WebSite {
    /// The Health page: the same facts as `status`, from the same code (the
    /// running gateway's `StatusReport` and its sentences: devices and hubs,
    /// UDP counters and rejections by reason, REST fallback and backfill,
    /// MQTT and the outbox, the database and its size, the forecast and its
    /// call budget), then the devices the database knows. It answers even
    /// when the database cannot be read, and says so.
    func healthPage() -> WebResponse {
        let now = context.now()
        var lines = [String]()
        context.report().writeText(now: now) { piece in
            lines += piece.split(separator: "\n").map(String.init)
        }
        var body = "<h1>Health</h1>\n<section aria-labelledby=\"status-heading\"><h2 id=\"status-heading\">Gateway status</h2>\n<ul class=\"status\">\n"
        for line in lines { body += "<li>\(HTMLText.escape(line))</li>\n" }
        body += "</ul></section>\n"
        body += "<section aria-labelledby=\"devices-heading\"><h2 id=\"devices-heading\">Devices in the database</h2>\n"
        do {
            let store = try Store(readOnlyPath: context.databasePath)
            body += deviceTable(try store.devices())
        } catch {
            body += "<p>The database \(HTMLText.escape(context.databasePath)) cannot be read right now (\(HTMLText.escape("\(error)"))).</p>\n"
        }
        body += "</section>\n"
        return html(PageLayout(title: "Health", section: .health, mainID: "health").render(body))
    }

    /// The stored devices and hubs with their firmware and when they were seen.
    private func deviceTable(_ devices: [DeviceRecord]) -> String {
        guard !devices.isEmpty else { return "<p>No device stored yet.</p>\n" }
        let zone = context.timeZone
        var html = "<div class=\"scroll\"><table><caption>Devices and hubs the gateway has stored, times in \(HTMLText.escape(zone.identifier))</caption>\n"
        html += "<thead><tr><th scope=\"col\">Serial</th><th scope=\"col\">Kind</th><th scope=\"col\">Hub</th>"
            + "<th scope=\"col\">Firmware</th><th scope=\"col\">First seen</th><th scope=\"col\">Last seen</th></tr></thead><tbody>\n"
        for device in devices.sorted(by: { $0.serial < $1.serial }) {
            html += "<tr><th scope=\"row\">\(HTMLText.escape(device.serial))</th><td>\(device.kind.rawValue)</td>"
                + "<td>\(HTMLText.escape(device.hubSerial ?? "none"))</td><td>\(HTMLText.escape(device.firmware ?? "unknown"))</td>"
                + "<td>\(WebTime.dayAndClock(device.firstSeen, in: zone))</td><td>\(WebTime.dayAndClock(device.lastSeen, in: zone))</td></tr>\n"
        }
        return html + "</tbody></table></div>\n"
    }
}
