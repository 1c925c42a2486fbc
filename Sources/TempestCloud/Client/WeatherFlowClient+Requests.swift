// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import HTTP
import JSON

extension WeatherFlowClient {
    /// What a 404 means for the endpoint being called.
    enum NotFoundMeaning {
        case station(Int)
        case device(Int)
        case nothing
    }

    /// GETs `path` (with `query`), retrying under the policy, and returns the
    /// parsed body after checking both the HTTP status and `status.status_code`.
    func fetchJSON(_ path: String, query: [(String, String)] = [], notFound: NotFoundMeaning) async throws(WeatherFlowError) -> JSONValue {
        var request = requestTemplate
        request.url = baseURL + path + (query.isEmpty ? "" : "?" + query.map { "\($0.0)=\($0.1)" }.joined(separator: "&"))
        request.headers = [(name: "Accept", value: "application/json")]
        token.withValue { request.headers.append((name: "Authorization", value: "Bearer \($0)")) }

        var attempt = 0
        while true {
            attempt += 1
            let isLastAttempt = attempt >= retryPolicy.maximumAttempts
            let response: HTTPResponse
            do {
                response = try await http.get(request)
            } catch {
                guard error.kind == .timeout, !isLastAttempt else { throw .transport(error) }
                try await wait(afterAttempt: attempt, retryAfter: nil, url: request.url)
                continue
            }
            switch response.statusCode {
            case 200..<300:
                return try checkedBody(response, url: request.url, notFound: notFound)
            case 401:
                throw .tokenRejected
            case 404:
                throw notFoundError(notFound, response: response, url: request.url)
            case 429:
                guard !isLastAttempt else { throw .rateLimited(attempts: attempt) }
                let retryAfter = response.header("retry-after").flatMap { RetryAfter.seconds(from: $0) }
                try await wait(afterAttempt: attempt, retryAfter: retryAfter, url: request.url)
            case 500..<600:
                guard !isLastAttempt else { throw .serverError(status: response.statusCode, attempts: attempt) }
                let retryAfter = response.header("retry-after").flatMap { RetryAfter.seconds(from: $0) }
                try await wait(afterAttempt: attempt, retryAfter: retryAfter, url: request.url)
            default:
                throw .transport(.httpStatus(response.statusCode, body: response.body, url: request.url))
            }
        }
    }

    private func wait(afterAttempt attempt: Int, retryAfter: Double?, url: String) async throws(WeatherFlowError) {
        let seconds = retryPolicy.delaySeconds(afterAttempt: attempt, retryAfterSeconds: retryAfter)
        logger.debug("retrying \(RedactedURL.redact(url)) in \(seconds) s (attempt \(attempt) failed)")
        do {
            try await retryPolicy.sleep(.milliseconds(Int64((seconds * 1000).rounded())))
        } catch {
            throw .transport(.cancelled(url: url))
        }
    }

    private func notFoundError(_ meaning: NotFoundMeaning, response: HTTPResponse, url: String) -> WeatherFlowError {
        switch meaning {
        case .station(let id): .stationNotFound(id: id)
        case .device(let id): .deviceNotFound(id: id)
        case .nothing: .transport(.httpStatus(404, body: response.body, url: url))
        }
    }

    private func checkedBody(_ response: HTTPResponse, url: String, notFound: NotFoundMeaning) throws(WeatherFlowError) -> JSONValue {
        let json: JSONValue
        do {
            json = try JSONParser().parse(response.body)
        } catch {
            throw .malformedResponse(error.description, url: url)
        }
        guard case .object = json else { throw .malformedResponse("the body is not a JSON object", url: url) }
        // A missing status object is tolerated; a non-zero code is a failure.
        if let status = json["status"], let code = status["status_code"]?.intValue, code != 0 {
            switch code {
            case 401: throw .tokenRejected
            case 404: throw notFoundError(notFound, response: response, url: url)
            default: throw .serviceStatus(code: code, message: status["status_message"]?.stringValue ?? "no message")
            }
        }
        return json
    }
}
