// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology
import Testing
@testable import CloudFollowing
@testable import Forecasting
@testable import Gateway
@testable import GatewayCore
@testable import GatewayStatus
@testable import MQTTSink
@testable import Pipeline
@testable import WebPage

/// Times on the command line: ISO 8601 instants and station-local dates.
@Suite("Time arguments")
struct TimeArgumentTests {
    @Test("instants in their forms", arguments: [
        ("2024-07-13T18:30:00Z", Int64(1_720_895_400)),
        ("2024-07-13T18:30Z", 1_720_895_400),
        ("2024-07-13 18:30:00Z", 1_720_895_400),
        ("2024-07-13T12:30:00-06:00", 1_720_895_400),
        ("2024-07-14T00:15:00+0545", 1_720_895_400),
        ("2024-07-13T18:30:00", 1_720_895_400),
    ])
    func instants(text: String, seconds: Int64) {
        #expect(TimeArgument.parse(text) == .instant(seconds))
    }

    @Test("dates, and what is not a time", arguments: ["2024-02-30", "2023-13-01", "2024-7-13", "yesterday", "2024-07-13T25:00Z", "2024-07-13T12:00+1"])
    func invalid(text: String) {
        #expect(TimeArgument.parse(text) == nil)
    }

    @Test("a date is the start of that station-local day")
    func localDay() throws {
        let date = try #require(TimeArgument.parse("2024-02-29"))
        #expect(date == .date(LocalDate(year: 2024, month: 2, day: 29)!))
        let zone = try TimeZoneRules(identifier: "America/Denver")
        #expect(StationZoneOptions().instant(date, zone: zone) == 1_709_190_000)
    }
}
