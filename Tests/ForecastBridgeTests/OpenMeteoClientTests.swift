// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ForecastBridge
import HTTP
import TempestTestKit
import Testing

@Suite struct OpenMeteoClientTests {
    @Test func documentedShapeDecodesWithNullsAndMissingVariables() async throws {
        let server = try LocalHTTPServer()
        server.route("/v1/forecast", .init(body: OpenMeteoFixtures.forecast))
        let fetched = try await makeClient(server).forecast(denverQuery)
        let forecast = fetched.response
        #expect(forecast.latitude == 39.75)
        #expect(forecast.longitude == -105.0)
        #expect(forecast.elevationMeters == 1609)
        #expect(forecast.utcOffsetSeconds == -25200)
        #expect(forecast.timeZone == "America/Denver")

        let current = try #require(forecast.current)
        #expect(current.time == 1_700_000_100)
        #expect(current.intervalSeconds == 900)
        #expect(current.value("temperature_2m") == 10.4)
        #expect(current.value("weather_code") == 3)
        #expect(current.contains("wind_speed_10m"))
        #expect(current.value("wind_speed_10m") == nil)
        #expect(current.unit(of: "temperature_2m") == "°C")

        let hourly = try #require(forecast.hourly)
        #expect(hourly.times == [1_699_999_200, 1_700_002_800, 1_700_006_400])
        #expect(hourly["temperature_2m"] == [10.1, nil, 8.7])
        // A short series is padded, never dropped.
        #expect(hourly["precipitation_probability"] == [0, 5, nil])
        #expect(hourly["cloud_cover"] == [100, 87, 64])
        // Asked for but not sent: absent, and the rest is still there.
        #expect(hourly["visibility"] == nil)
        #expect(hourly["uv_index"] == nil)
        #expect(hourly.variableNames == ["cloud_cover", "precipitation_probability", "temperature_2m"])
        #expect(hourly.index(containing: 1_700_003_000) == 1)

        let daily = try #require(forecast.daily)
        #expect(daily.count == 2)
        #expect(daily["temperature_2m_max"] == [14.2, nil])
        #expect(daily.value("temperature_2m_min", at: 0) == -1.5)
        #expect(daily.value("sunrise", at: 1) == 1_700_055_921)
        #expect(daily.value("sunset", at: 0) == 1_700_005_813)
        #expect(forecast.minutely15 == nil)

        #expect(fetched.attempts == 1)
        #expect(fetched.bodyText == OpenMeteoFixtures.forecast)
        #expect(server.requests.count == 1)
    }

    @Test func queryStringCarriesLocationZoneVariablesAndUnits() async throws {
        let server = try LocalHTTPServer()
        server.route("/v1/forecast", .init(body: OpenMeteoFixtures.forecast))
        _ = try await makeClient(server).forecast(denverQuery)
        let request = try #require(server.requests.first)
        #expect(request.path == "/v1/forecast")
        #expect(request.queryValue("latitude") == "39.7392")
        #expect(request.queryValue("longitude") == "-104.9903")
        #expect(request.queryValue("timezone") == "America%2FDenver")
        #expect(request.queryValue("timeformat") == "unixtime")
        #expect(request.queryValue("forecast_days") == "2")
        #expect(request.queryValue("current") == "temperature_2m,weather_code,wind_speed_10m")
        #expect(request.queryValue("hourly") == "temperature_2m,precipitation_probability,cloud_cover,visibility,uv_index")
        #expect(request.queryValue("daily") == "temperature_2m_max,temperature_2m_min,sunrise,sunset")
        #expect(request.queryValue("minutely_15") == nil)
        #expect(request.queryValue("wind_speed_unit") == "ms")
        #expect(request.queryValue("temperature_unit") == "celsius")
        #expect(request.queryValue("precipitation_unit") == "mm")
        #expect(request.queryValue("apikey") == nil)
        #expect(request.headers["accept"] == "application/json")
    }

    @Test func apiKeyIsSentAsQueryParameterButNeverInFetchedURL() async throws {
        let server = try LocalHTTPServer()
        server.route("/v1/forecast", .init(body: OpenMeteoFixtures.forecast))
        let fetched = try await makeClient(server, apiKey: testAPIKey).forecast(denverQuery)
        #expect(server.requests.first?.queryValue("apikey") == testAPIKey)
        #expect(!fetched.redactedURL.contains(testAPIKey))
        #expect(fetched.redactedURL.contains("apikey=\(RedactedURL.marker)"))
    }

    @Test func errorBodyBecomesRejectionWithTheReason() async throws {
        let server = try LocalHTTPServer()
        server.route("/v1/forecast", .init(status: 400, body: OpenMeteoFixtures.badVariable))
        let error = try #require(await forecastError { try await makeClient(server).forecast(denverQuery) })
        #expect(error.kind == .rejected)
        #expect(error.statusCode == 400)
        #expect(error.reason == "Cannot initialize WeatherVariable from invalid String value tempeture_2m for key ")
        #expect(error.description.contains("invalid String value tempeture_2m"))
        #expect(server.requests.count == 1, "a 400 is not retried")
    }

    @Test func errorBodyWithStatus200IsStillAnError() async throws {
        let server = try LocalHTTPServer()
        server.route("/v1/forecast", .init(body: #"{"error":true,"reason":"No data is available for this location"}"#))
        let error = try #require(await forecastError { try await makeClient(server).forecast(denverQuery) })
        #expect(error.kind == .rejected)
        #expect(error.reason == "No data is available for this location")
    }

    @Test func tooManyRequestsIsRetriedAfterTheServersDelay() async throws {
        let server = try LocalHTTPServer()
        server.route(
            "/v1/forecast",
            .init(status: 429, headers: [("Content-Type", "application/json"), ("Retry-After", "7")], body: OpenMeteoFixtures.tooMany),
            .init(body: OpenMeteoFixtures.forecast))
        let sleeps = SleepRecorder()
        let client = makeClient(server, sleeps: sleeps)
        let fetched = try await client.forecast(denverQuery)
        #expect(fetched.attempts == 2)
        #expect(fetched.response.hourly?.count == 3)
        #expect(sleeps.values == [.seconds(7)])
        #expect(server.requests.count == 2)
        // Both attempts are charged to the budget.
        #expect(client.callBudget.spent(at: 1_700_000_000) == 2 * denverQuery.weightedCalls)
    }

    @Test func tooManyRequestsOnEveryAttemptIsADistinctError() async throws {
        let server = try LocalHTTPServer()
        server.route("/v1/forecast", .init(status: 429, body: OpenMeteoFixtures.tooMany))
        let sleeps = SleepRecorder()
        let error = try #require(await forecastError { try await makeClient(server, sleeps: sleeps, attempts: 3).forecast(denverQuery) })
        #expect(error.kind == .rateLimited)
        #expect(error.reason == "Minutely API request limit exceeded. Please try again in one minute.")
        #expect(error.description.contains("after 3 attempts"))
        #expect(server.requests.count == 3)
        // No Retry-After: exponential backoff with the injected random 0.5.
        #expect(sleeps.values == [.seconds(1), .seconds(2)])
    }

    @Test func serverErrorsAreRetriedThenReported() async throws {
        let server = try LocalHTTPServer()
        server.route("/v1/forecast", .init(status: 500, body: "<html>oops</html>"))
        let error = try #require(await forecastError { try await makeClient(server, attempts: 2).forecast(denverQuery) })
        #expect(error.kind == .serverError)
        #expect(error.statusCode == 500)
        #expect(error.reason == nil)
        #expect(error.description == "Open-Meteo kept failing with HTTP 500 after 2 attempts")
        #expect(server.requests.count == 2)
    }

    @Test func serverErrorThenSuccessRecovers() async throws {
        let server = try LocalHTTPServer()
        server.route("/v1/forecast", .init(status: 503, body: ""), .init(body: OpenMeteoFixtures.forecast))
        let fetched = try await makeClient(server).forecast(denverQuery)
        #expect(fetched.attempts == 2)
        #expect(fetched.response.daily?.count == 2)
    }

    @Test func truncatedJSONIsAMalformedResponse() async throws {
        let server = try LocalHTTPServer()
        server.route("/v1/forecast", .init(body: OpenMeteoFixtures.truncated))
        let error = try #require(await forecastError { try await makeClient(server).forecast(denverQuery) })
        #expect(error.kind == .malformedResponse)
        #expect(error.description.contains("truncated"))
        #expect(server.requests.count == 1)
    }

    @Test func bodyCutShortOfItsContentLengthIsATransportError() async throws {
        let server = try LocalHTTPServer()
        server.route("/v1/forecast", .init(body: OpenMeteoFixtures.truncated, announcedLength: OpenMeteoFixtures.forecast.utf8.count))
        let error = try #require(await forecastError { try await makeClient(server).forecast(denverQuery) })
        #expect(error.kind == .transport)
    }

    @Test func nonObjectBodyIsAMalformedResponse() async throws {
        let server = try LocalHTTPServer()
        server.route("/v1/forecast", .init(body: "[1,2,3]"))
        let error = try #require(await forecastError { try await makeClient(server).forecast(denverQuery) })
        #expect(error.kind == .malformedResponse)
    }

    @Test func apiKeyIsRedactedFromEveryError() async throws {
        let server = try LocalHTTPServer()
        // The server echoes the key in its reason and its body; neither may leak.
        server.route("/v1/forecast", .init(status: 400, body: #"{"error":true,"reason":"API key \#(testAPIKey) is invalid"}"#))
        var errors: [ForecastError] = []
        errors.append(try #require(await forecastError { try await makeClient(server, apiKey: testAPIKey).forecast(denverQuery) }))
        server.route("/v1/forecast", .init(status: 418, body: "key \(testAPIKey) refused"))
        errors.append(try #require(await forecastError { try await makeClient(server, apiKey: testAPIKey).forecast(denverQuery) }))
        server.route("/v1/forecast", .init(body: "{\"hourly\": [\(testAPIKey)"))
        errors.append(try #require(await forecastError { try await makeClient(server, apiKey: testAPIKey).forecast(denverQuery) }))
        server.route("/v1/forecast", .init(status: 500, body: #"{"error":true,"reason":"\#(testAPIKey)"}"#))
        errors.append(try #require(await forecastError { try await makeClient(server, apiKey: testAPIKey, attempts: 1).forecast(denverQuery) }))
        server.stop()
        errors.append(try #require(await forecastError { try await makeClient(server, apiKey: testAPIKey).forecast(denverQuery) }))

        #expect(errors.map(\.kind) == [.rejected, .unexpectedStatus, .malformedResponse, .serverError, .transport])
        for error in errors {
            #expect(!error.description.contains(testAPIKey), "\(error.kind): \(error.description)")
            #expect(!(error.reason ?? "").contains(testAPIKey))
        }
        #expect(errors[0].reason == "API key \(RedactedURL.marker) is invalid")
        #expect(errors[2].description.contains("apikey=\(RedactedURL.marker)"))
    }

    @Test func budgetGuardRefusesBeforeSending() async throws {
        let server = try LocalHTTPServer()
        server.route("/v1/forecast", .init(body: OpenMeteoFixtures.forecast))
        let weight = denverQuery.weightedCalls
        let client = makeClient(server, budget: CallBudget(dailyLimit: weight * 2))
        _ = try await client.forecast(denverQuery)
        _ = try await client.forecast(denverQuery)
        let error = try #require(await forecastError { try await client.forecast(denverQuery) })
        #expect(error.kind == .budgetExhausted)
        #expect(server.requests.count == 2, "the refused request is never sent")
    }

    @Test func invalidQueryIsRefusedBeforeSending() async throws {
        let server = try LocalHTTPServer()
        var query = denverQuery
        query.latitude = 91
        let error = try #require(await forecastError { try await makeClient(server).forecast(query) })
        #expect(error.kind == .invalidQuery)
        query = denverQuery
        query.hourly = ["temperature_2m&apikey=x"]
        #expect(await forecastError { try await makeClient(server).forecast(query) }?.kind == .invalidQuery)
        query = ForecastQuery(latitude: 0, longitude: 0, timeZone: "UTC")
        #expect(await forecastError { try await makeClient(server).forecast(query) }?.kind == .invalidQuery)
        #expect(server.requests.isEmpty)
    }
}
