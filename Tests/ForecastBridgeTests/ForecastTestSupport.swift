// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ForecastBridge
import Glibc
import HTTP
import TempestTestKit
import Testing

let testAPIKey = "om-KEY-7f3b91c2"

/// Collects values handed over from other tasks (waits asked for, poll events).
final class Recorder<Element: Sendable>: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var stored: [Element] = []
    init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }
    var values: [Element] {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return stored
    }
    func append(_ value: Element) {
        pthread_mutex_lock(&mutex)
        stored.append(value)
        pthread_mutex_unlock(&mutex)
    }
}

/// Records the waits the client asks for instead of sleeping.
typealias SleepRecorder = Recorder<Duration>

/// A client pointed at `server` with a retry policy that records its waits.
func makeClient(
    _ server: LocalHTTPServer, apiKey: String? = nil, sleeps: SleepRecorder = SleepRecorder(),
    attempts: Int = 3, budget: CallBudget = CallBudget(), clock: @escaping @Sendable () -> Int64 = { 1_700_000_000 }
) -> OpenMeteoClient {
    let policy = RetryPolicy(
        maximumAttempts: attempts, baseDelaySeconds: 2, maximumDelaySeconds: 60,
        sleep: { sleeps.append($0) }, random: { 0.5 })
    return OpenMeteoClient(
        baseURL: server.baseURL, apiKey: apiKey, budget: budget, retryPolicy: policy,
        requestTemplate: HTTPRequest(url: "", connectTimeoutSeconds: 2, totalTimeoutSeconds: 5), clock: clock)
}

/// The query most tests send: Denver, a few variables at each resolution.
let denverQuery = ForecastQuery(
    latitude: 39.7392, longitude: -104.9903, timeZone: "America/Denver",
    current: ["temperature_2m", "weather_code", "wind_speed_10m"],
    hourly: ["temperature_2m", "precipitation_probability", "cloud_cover", "visibility", "uv_index"],
    daily: ["temperature_2m_max", "temperature_2m_min", "sunrise", "sunset"],
    forecastDays: 2)

/// Awaits `body` and returns the forecast error it throws; fails the test when it returns.
func forecastError(
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> FetchedForecast
) async -> ForecastError? {
    do {
        _ = try await body()
        Issue.record("expected a ForecastError", sourceLocation: sourceLocation)
        return nil
    } catch let error as ForecastError {
        return error
    } catch {
        Issue.record("expected a ForecastError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}
