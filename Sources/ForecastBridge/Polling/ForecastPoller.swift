// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import HTTP

/// Fetches a forecast on start and then on the ``PollSchedule`` until the
/// task running ``run(_:)`` is cancelled, handing each outcome to the caller
/// (who stores it, merges it and publishes it).
public final class ForecastPoller: Sendable {
    let client: OpenMeteoClient
    let query: ForecastQuery
    let initialSchedule: PollSchedule
    let sleep: @Sendable (Duration) async throws -> Void
    let clock: @Sendable () -> Int64

    /// Creates a poller; `sleep` and `clock` are injectable for tests.
    public init(
        client: OpenMeteoClient, query: ForecastQuery, schedule: PollSchedule = PollSchedule(),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        clock: @escaping @Sendable () -> Int64 = { RetryAfter.currentUnixSeconds() }
    ) {
        self.client = client
        self.query = query
        self.initialSchedule = schedule
        self.sleep = sleep
        self.clock = clock
    }

    /// The client's daily call budget as it stands (for `status`).
    public var callBudget: CallBudget { client.callBudget }

    /// Seconds between polls while they succeed.
    public var intervalSeconds: Int64 { initialSchedule.intervalSeconds }

    /// Polls until cancelled (or until `sleep` throws), calling `onEvent`
    /// after every poll. `firstPollAfterSeconds` delays the first poll, so
    /// that a gateway restarted soon after a fetch does not fetch again (a
    /// restart loop would otherwise spend the free tier).
    public func run(firstPollAfterSeconds: Int64 = 0, _ onEvent: @Sendable (ForecastPollEvent) async -> Void) async {
        var schedule = initialSchedule
        if firstPollAfterSeconds > 0 {
            do {
                try await sleep(.seconds(firstPollAfterSeconds))
            } catch {
                return
            }
        }
        while !Task.isCancelled {
            let event: ForecastPollEvent
            do {
                let fetched = try await client.forecast(query)
                event = .fetched(fetched, nextPollSeconds: schedule.succeeded())
            } catch {
                if error.kind == .transport, error.httpError?.kind == .cancelled, Task.isCancelled { return }
                event = .failed(error, nextPollSeconds: schedule.failed(error, at: clock()))
            }
            await onEvent(event)
            let wait: Int64 = switch event {
            case .fetched(_, let seconds), .failed(_, let seconds): seconds
            }
            do {
                try await sleep(.seconds(wait))
            } catch {
                return
            }
        }
    }
}
