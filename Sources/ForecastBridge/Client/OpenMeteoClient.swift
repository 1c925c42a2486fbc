// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import HTTP
import Logging
import Synchronization

/// A client for Open-Meteo's forecast API (`/v1/forecast`).
///
/// The base URL is configurable: the free host `https://api.open-meteo.com`
/// (the default), the commercial host `https://customer-api.open-meteo.com`
/// with an API key, or a self-hosted Open-Meteo server. The key travels as
/// the `apikey` query parameter, which ``RedactedURL`` removes from every
/// log line and error; text the server sends back is scrubbed of it too.
///
/// 429 and 5xx answers and timeouts are retried under the ``RetryPolicy``
/// (honouring `Retry-After`); when the attempts run out the error is
/// ``ForecastError/Kind/rateLimited`` or ``ForecastError/Kind/serverError``.
/// Every attempt is charged to the ``CallBudget`` first, so a retry storm
/// cannot run up the daily count.
public final class OpenMeteoClient: Sendable {
    /// The free, non-commercial host.
    public static let defaultBaseURL = "https://api.open-meteo.com"
    /// The host for commercial plans, used with an API key.
    public static let commercialBaseURL = "https://customer-api.open-meteo.com"

    let baseURL: String
    let apiKey: String?
    let http: HTTPClient
    let retryPolicy: RetryPolicy
    let requestTemplate: HTTPRequest
    let logger: Logger
    let clock: @Sendable () -> Int64
    private let budget: Mutex<CallBudget>

    /// Creates a client. `requestTemplate` supplies timeouts and limits (its
    /// URL and headers are replaced per request); `clock` gives Unix seconds
    /// for the budget's day and is injectable for tests.
    public init(
        baseURL: String = OpenMeteoClient.defaultBaseURL,
        apiKey: String? = nil,
        budget: CallBudget = CallBudget(),
        httpClient: HTTPClient = HTTPClient(),
        retryPolicy: RetryPolicy = RetryPolicy(),
        requestTemplate: HTTPRequest = HTTPRequest(url: ""),
        logger: Logger = Logger(label: "tempest-gateway.forecast"),
        clock: @escaping @Sendable () -> Int64 = { RetryAfter.currentUnixSeconds() }
    ) {
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        self.baseURL = base
        self.apiKey = apiKey.flatMap { $0.isEmpty ? nil : $0 }
        self.budget = Mutex(budget)
        self.http = httpClient
        self.retryPolicy = retryPolicy
        self.requestTemplate = requestTemplate
        self.logger = logger
        self.clock = clock
    }

    /// The budget as it stands now (spent today and the limit).
    public var callBudget: CallBudget { budget.withLock { $0 } }

    /// Charges one attempt of `weight` to the budget, or throws without sending.
    func charge(_ weight: Double) throws(ForecastError) {
        let now = clock()
        let result: Result<Void, ForecastError> = budget.withLock { budget in
            do throws(ForecastError) {
                try budget.charge(weight, at: now)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
    }

    /// `text` with the API key replaced by the redaction marker.
    func scrubbed(_ text: String) -> String {
        guard let apiKey else { return text }
        return text.replacing(apiKey, with: RedactedURL.marker)
    }
}
