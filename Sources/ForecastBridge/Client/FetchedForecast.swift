// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// A forecast as fetched: the decoded response plus what is needed to store
/// it (the body text and the request URL without its key).
public struct FetchedForecast: Sendable {
    /// The decoded response.
    public var response: ForecastResponse
    /// The body as Open-Meteo sent it, for the snapshot store.
    public var bodyText: String
    /// The request URL with the API key redacted.
    public var redactedURL: String
    /// The weight of one attempt of this request, in Open-Meteo's weighted calls.
    public var weightedCalls: Double
    /// How many attempts it took (1 when no retry was needed).
    public var attempts: Int

    /// Creates a fetched forecast.
    public init(response: ForecastResponse, bodyText: String, redactedURL: String, weightedCalls: Double, attempts: Int) {
        self.response = response
        self.bodyText = bodyText
        self.redactedURL = redactedURL
        self.weightedCalls = weightedCalls
        self.attempts = attempts
    }
}
