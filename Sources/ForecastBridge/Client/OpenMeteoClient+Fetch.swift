// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import HTTP
import JSON

extension OpenMeteoClient {
    /// Fetches the forecast `query` asks for, retrying 429, 5xx and timeouts.
    public func forecast(_ query: ForecastQuery) async throws(ForecastError) -> FetchedForecast {
        try query.validate()
        var request = requestTemplate
        request.url = query.url(baseURL: baseURL, apiKey: apiKey)
        request.headers = [(name: "Accept", value: "application/json")]
        let redacted = RedactedURL.redact(request.url)
        let weight = query.weightedCalls

        var attempt = 0
        while true {
            attempt += 1
            let isLastAttempt = attempt >= retryPolicy.maximumAttempts
            try charge(weight)
            let response: HTTPResponse
            do {
                response = try await http.get(request)
            } catch {
                guard error.kind == .timeout, !isLastAttempt else { throw .transport(error) }
                try await wait(afterAttempt: attempt, retryAfter: nil, url: redacted)
                continue
            }
            switch response.statusCode {
            case 200..<300:
                let json = try parsedBody(response, url: request.url)
                if let reason = ForecastResponse.errorReason(in: json) {
                    throw .rejected(status: response.statusCode, reason: scrubbed(reason))
                }
                guard let decoded = ForecastResponse(json: json) else {
                    throw .malformedResponse("the body is not a JSON object", url: request.url)
                }
                return FetchedForecast(
                    response: decoded, bodyText: scrubbed(response.bodyText), redactedURL: redacted,
                    weightedCalls: weight, attempts: attempt)
            case 429:
                guard !isLastAttempt else { throw .rateLimited(attempts: attempt, reason: reason(in: response)) }
                try await wait(afterAttempt: attempt, retryAfter: retryAfter(response), url: redacted)
            case 500..<600:
                guard !isLastAttempt else {
                    throw .serverError(status: response.statusCode, attempts: attempt, reason: reason(in: response))
                }
                try await wait(afterAttempt: attempt, retryAfter: retryAfter(response), url: redacted)
            default:
                if let reason = reason(in: response) { throw .rejected(status: response.statusCode, reason: reason) }
                let excerpt = String(scrubbed(String(decoding: response.body.prefix(800), as: UTF8.self)).prefix(200))
                throw .unexpectedStatus(response.statusCode, excerpt: excerpt.filter { !$0.isNewline }, url: request.url)
            }
        }
    }

    private func parsedBody(_ response: HTTPResponse, url: String) throws(ForecastError) -> JSONValue {
        do {
            return try JSONParser().parse(response.body)
        } catch {
            throw .malformedResponse(error.description, url: url)
        }
    }

    /// The scrubbed `reason` of an error body, or nil when the body is not one.
    private func reason(in response: HTTPResponse) -> String? {
        guard let json = try? JSONParser().parse(response.body) else { return nil }
        return ForecastResponse.errorReason(in: json).map(scrubbed)
    }

    private func retryAfter(_ response: HTTPResponse) -> Double? {
        response.header("retry-after").flatMap { RetryAfter.seconds(from: $0) }
    }

    private func wait(afterAttempt attempt: Int, retryAfter: Double?, url redacted: String) async throws(ForecastError) {
        logger.debug("attempt \(attempt) at \(redacted) failed; retrying")
        do {
            _ = try await retryPolicy.wait(afterAttempt: attempt, retryAfterSeconds: retryAfter)
        } catch {
            throw .transport(.cancelled(url: redacted))
        }
    }
}
