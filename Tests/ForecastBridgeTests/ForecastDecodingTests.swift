// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ForecastBridge
import HTTP
import JSON
import Testing

@Suite struct ForecastDecodingTests {
    @Test func brokenVariablesStayLocal() throws {
        let json = try JSONValue.parse("""
            {"hourly":{"time":[10,"x",30],"a":[1,2,3],"b":"not an array","c":[true,null,4.5],"d":[1,2,3,4,5]},
             "daily":"not an object","current":{"time":5,"t":1.5,"s":"text","n":null}}
            """)
        let forecast = try #require(ForecastResponse(json: json))
        let hourly = try #require(forecast.hourly)
        // The row with an unreadable time is dropped from every variable.
        #expect(hourly.times == [10, 30])
        #expect(hourly["a"] == [1, 3])
        #expect(hourly["b"] == nil)
        #expect(hourly["c"] == [nil, 4.5])
        #expect(hourly["d"] == [1, 3])
        #expect(forecast.daily == nil)
        let current = try #require(forecast.current)
        #expect(current.variableNames == ["n", "t"])
        #expect(current.value("t") == 1.5)
        #expect(current.intervalSeconds == nil)
    }

    @Test func sectionWithoutTimeIsAbsent() throws {
        let json = try JSONValue.parse(#"{"hourly":{"temperature_2m":[1,2]},"latitude":"north"}"#)
        let forecast = try #require(ForecastResponse(json: json))
        #expect(forecast.hourly == nil)
        #expect(forecast.latitude == nil)
    }

    @Test func errorReasonIsRead() throws {
        #expect(ForecastResponse.errorReason(in: try JSONValue.parse(#"{"error":true,"reason":"bad"}"#)) == "bad")
        #expect(ForecastResponse.errorReason(in: try JSONValue.parse(#"{"error":true}"#)) == "no reason given")
        #expect(ForecastResponse.errorReason(in: try JSONValue.parse(#"{"error":false,"reason":"x"}"#)) == nil)
        #expect(ForecastResponse(json: .array([])) == nil)
    }

    @Test func storedBodyDecodesAgain() throws {
        let forecast = try #require(ForecastResponse(bodyText: OpenMeteoFixtures.forecast))
        #expect(forecast.hourly?["temperature_2m"] == [10.1, nil, 8.7])
        #expect(ForecastResponse(bodyText: OpenMeteoFixtures.badVariable) == nil)
        #expect(ForecastResponse(bodyText: OpenMeteoFixtures.truncated) == nil)
    }
}
