// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Storage
import Testing
@testable import WebPage

/// The web page marks a value the quality checks judged bad: "unknown" and
/// the reason, and nothing derived from it.
@Suite struct WebSiteQualityTests {
    @Test("Now: a bad temperature shows as unknown with its reason, without dew point or feels-like; humidity stays")
    func badTemperatureIsMarked() throws {
        let fixture = try WebSiteFixture()
        let before = PageText.body(fixture.site().respond(to: WebRequest(path: "/")))
        #expect(PageText.field("dew_point", in: before) != nil)
        let store = try Store(path: fixture.path)
        try store.write {
            try store.insert(
                ObservationVerdictRecord(
                    serial: WebSiteFixture.serial, timestamp: fixture.newestAt, field: "air_temperature", verdict: "bad", reason: "sensor_failed"))
        }
        let html = PageText.body(fixture.site().respond(to: WebRequest(path: "/")))
        #expect(PageText.field("air_temperature", in: html) == "unknown (quality check: sensor_failed)")
        #expect(PageText.field("dew_point", in: html) == nil)
        #expect(PageText.field("feels_like", in: html) == nil)
        #expect(PageText.field("relative_humidity", in: html) == PageText.field("relative_humidity", in: before))
    }
}
