// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ForecastBridge
import Foundation
import HTTP
import Logging
import Storage
import TempestTestKit
import Testing

@testable import CloudFollowing
@testable import Forecasting
@testable import Gateway
@testable import GatewayCore
@testable import GatewayStatus
@testable import MQTTSink
@testable import Pipeline
@testable import WebPage

/// `ForecastService` against a local server standing in for Open-Meteo:
/// forecasts are stored with their verification lines, and 429, 5xx and a
/// 400 error body leave the last forecast served, also after a restart.
@Suite("forecast service")
struct ForecastServiceTests {
    let now = ForecastFixture.now
    let query = ForecastQuery.defaults(latitude: 39.7392, longitude: -104.9903, timeZone: "UTC", forecastDays: 2)

    /// A service polling `server` `polls` times (no real sleeping), on a fixed clock.
    func service(_ server: LocalHTTPServer, writer: StoreWriter, polls: Int) -> (ForecastService, Recorder) {
        let waits = Recorder()
        let client = OpenMeteoClient(
            baseURL: server.baseURL, retryPolicy: RetryPolicy(maximumAttempts: 1),
            requestTemplate: HTTPRequest(url: "", connectTimeoutSeconds: 2, totalTimeoutSeconds: 5), clock: { [now] in now })
        let poller = ForecastPoller(
            client: client, query: query,
            sleep: { duration in
                waits.append(duration)
                if waits.count >= polls { throw CancellationError() }
            }, clock: { [now] in now })
        let service = ForecastService(
            poller: poller, query: query, writer: writer, outlet: nil, units: .metric, refreshSeconds: 60,
            station: { _ in nil }, logger: Logger(label: "test"), clock: { [now] in now })
        return (service, waits)
    }

    @Test("a forecast with nulls and missing variables is stored; 429 and a 400 body keep it served, not current")
    func pollsAndOutages() async throws {
        let directory = try TemporaryDirectory()
        let writer = try StoreWriter(path: directory.file("f.db"))
        defer { writer.shutdown() }
        let server = try LocalHTTPServer()
        server.route(
            "/v1/forecast",
            .init(body: ForecastFixture.body()),
            .init(status: 429, body: #"{"error":true,"reason":"Minutely API request limit exceeded. Please try again in one minute."}"#),
            .init(status: 400, body: #"{"error":true,"reason":"Cannot initialize WeatherVariable from invalid String value tempeture_2m"}"#))
        let (service, waits) = service(server, writer: writer, polls: 3)
        await service.poller.run { event in await service.handle(event) }
        #expect(server.requests.count == 3)
        // 30 minutes after the forecast, then the full interval after 429 and 400 (asking sooner would not help).
        #expect(waits.values == [.seconds(1800), .seconds(1800), .seconds(1800)])
        let served = try #require(service.served)
        #expect(served.fetchedAt == now)
        #expect(!served.isCurrent)
        #expect(served.lastError?.contains("tempeture_2m") == true)
        #expect(served.response.hourly?.value("temperature_2m", at: 18) == 29)

        let (snapshots, hours) = try await writer.perform { store in
            (try store.latestForecastSnapshot(), try store.forecastVerification())
        }
        #expect(snapshots?.fetchedAt == now)
        #expect(snapshots?.locationKey == query.locationKey)
        #expect(hours.count == 25)
        #expect(hours.allSatisfy { $0.observedCelsius == nil })
    }

    @Test("after a restart with Open-Meteo down, the stored forecast is served with its age")
    func restartDuringOutage() async throws {
        let directory = try TemporaryDirectory()
        let writer = try StoreWriter(path: directory.file("f.db"))
        defer { writer.shutdown() }
        let server = try LocalHTTPServer()
        server.route("/v1/forecast", .init(body: ForecastFixture.body()))
        let (first, _) = service(server, writer: writer, polls: 1)
        await first.poller.run { event in await first.handle(event) }
        #expect(first.served?.isCurrent == true)

        server.route("/v1/forecast", .init(status: 503, body: "upstream down"))
        let (second, waits) = service(server, writer: writer, polls: 1)
        #expect(second.served == nil)
        await second.restoreStored()
        #expect(second.served?.fetchedAt == now)
        #expect(second.served?.isCurrent == false)
        await second.poller.run { event in await second.handle(event) }
        // A server error is retried sooner: one minute.
        #expect(waits.values == [.seconds(60)])
        let served = try #require(second.served)
        #expect(!served.isCurrent)
        #expect(served.lastError?.contains("503") == true)
        let conditions = ForecastConditions(served, station: nil, now: now + 5400)
        #expect(conditions.value("forecast_age_minutes") == .number(90, .index))
        #expect(conditions.value("forecast_current") == .flag(false))
        #expect(conditions.value("temperature_high_today") == .number(31, .celsius))
    }
}

/// Collects values handed over from other tasks.
final class Recorder: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Duration] = []
    var values: [Duration] { lock.withLock { stored } }
    var count: Int { values.count }
    func append(_ value: Duration) { lock.withLock { stored.append(value) } }
}
