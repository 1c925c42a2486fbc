// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

@testable import ForecastBridge
import HTTP
import TempestTestKit
import Testing

@Suite struct PollScheduleTests {
    let now: Int64 = 1_700_049_600  // 2023-11-15 12:00 UTC

    @Test func successWaitsTheIntervalAndFailuresBackOff() {
        var schedule = PollSchedule()
        #expect(schedule.succeeded() == 1800)
        let outage = ForecastError.transport(.timeout(seconds: 5, url: "http://127.0.0.1/v1/forecast"))
        #expect(schedule.failed(outage, at: now) == 60)
        #expect(schedule.failed(outage, at: now) == 120)
        #expect(schedule.failed(outage, at: now) == 240)
        #expect(schedule.failed(outage, at: now) == 480)
        #expect(schedule.failed(outage, at: now) == 960)
        #expect(schedule.failed(outage, at: now) == 1800)
        #expect(schedule.failed(outage, at: now) == 1800)
        #expect(schedule.consecutiveFailures == 7)
        #expect(schedule.succeeded() == 1800)
        #expect(schedule.failed(outage, at: now) == 60, "a success resets the backoff")
    }

    @Test func refusalsWaitTheFullInterval() {
        var schedule = PollSchedule()
        #expect(schedule.failed(.rateLimited(attempts: 4, reason: nil), at: now) == 1800)
        #expect(schedule.failed(.rejected(status: 400, reason: "bad"), at: now) == 1800)
        #expect(schedule.failed(.serverError(status: 502, attempts: 4, reason: nil), at: now) == 240)
    }

    @Test func intervalHasAFloorOfOneMinute() {
        #expect(PollSchedule(intervalSeconds: 5).intervalSeconds == 60)
        #expect(PollSchedule(intervalSeconds: 600, firstRetrySeconds: 900).firstRetrySeconds == 600)
    }
}

@Suite struct ForecastPollerTests {
    /// Sleeps are recorded; after `limit` of them the poller is stopped.
    func stoppingSleep(_ sleeps: SleepRecorder, after limit: Int) -> @Sendable (Duration) async throws -> Void {
        { duration in
            sleeps.append(duration)
            if sleeps.values.count >= limit { throw CancellationError() }
        }
    }

    @Test func pollsOnStartThenOnTheSchedule() async throws {
        let server = try LocalHTTPServer()
        server.route(
            "/v1/forecast", .init(status: 500, body: ""), .init(status: 500, body: ""), .init(body: OpenMeteoFixtures.forecast))
        let client = makeClient(server, attempts: 1)
        let sleeps = SleepRecorder()
        let events = Recorder<String>()
        let poller = ForecastPoller(
            client: client, query: denverQuery, sleep: stoppingSleep(sleeps, after: 4), clock: { 1_700_000_000 })
        await poller.run { event in
            switch event {
            case .fetched(let fetched, let next): events.append("fetched \(fetched.response.hourly?.count ?? -1), next \(next)")
            case .failed(let error, let next): events.append("\(error.kind), next \(next)")
            }
        }
        #expect(events.values == ["serverError, next 60", "serverError, next 120", "fetched 3, next 1800", "fetched 3, next 1800"])
        #expect(sleeps.values == [.seconds(60), .seconds(120), .seconds(1800), .seconds(1800)])
        #expect(server.requests.count == 4)
    }

    @Test func aRecentForecastDelaysTheFirstPoll() async throws {
        let server = try LocalHTTPServer()
        server.route("/v1/forecast", .init(body: OpenMeteoFixtures.forecast))
        let sleeps = SleepRecorder()
        let poller = ForecastPoller(
            client: makeClient(server, attempts: 1), query: denverQuery, sleep: stoppingSleep(sleeps, after: 2), clock: { 1_700_000_000 })
        await poller.run(firstPollAfterSeconds: 1_500) { _ in }
        #expect(sleeps.values == [.seconds(1_500), .seconds(1_800)])
        #expect(server.requests.count == 1, "one poll, after the delay")
    }

    @Test func exhaustedBudgetWaitsForTheNextUTCDay() async throws {
        let server = try LocalHTTPServer()
        server.route("/v1/forecast", .init(body: OpenMeteoFixtures.forecast))
        let noon: Int64 = 1_700_049_600  // 12:00 UTC
        let client = makeClient(server, budget: CallBudget(dailyLimit: 0), clock: { noon })
        let sleeps = SleepRecorder()
        let kinds = Recorder<ForecastError.Kind>()
        let poller = ForecastPoller(client: client, query: denverQuery, sleep: stoppingSleep(sleeps, after: 1), clock: { noon })
        await poller.run { event in
            if case .failed(let error, _) = event { kinds.append(error.kind) }
        }
        #expect(kinds.values == [.budgetExhausted])
        #expect(sleeps.values == [.seconds(12 * 3600 + 60)])
        #expect(server.requests.isEmpty)
    }

    @Test func cancellingTheTaskStopsThePoller() async throws {
        let server = try LocalHTTPServer()
        server.route("/v1/forecast", .init(body: OpenMeteoFixtures.forecast))
        let events = Recorder<Int>()
        let poller = ForecastPoller(client: makeClient(server), query: denverQuery)
        let task = Task { await poller.run { _ in events.append(1) } }
        while events.values.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        task.cancel()
        await task.value
        #expect(events.values.count == 1, "the real sleep of 30 minutes was cut short")
    }
}
