// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import HTTP
import Pipeline
import SystemSupport

/// What the HTTP services share: one request at a time through the
/// caller's client with the uploads' timeouts, a transport failure turned
/// into `.unreachable`, the answers every service gives the same meaning,
/// and errors whose words can never carry the key.
struct UploadExchange: Sendable {
    /// Longest wait for the connection: 10 s.
    static let connectTimeoutSeconds = 10.0
    /// Longest time for a whole request: 20 s, well inside the shortest
    /// interval a destination is sent at in the normal way.
    static let totalTimeoutSeconds = 20.0
    /// `softwaretype` (and the like) of the services that ask for one:
    /// `tempest-gateway-<version>`.
    static let softwareType = "tempest-gateway-\(GatewayVersion.current)"

    let client: HTTPClient
    /// The key, kept to remove it from any words a service sends back.
    let key: Secret
    let totalTimeoutSeconds: Double

    /// Uses `client`; a request gives up after `totalTimeoutSeconds` (tests
    /// pass a short one), and its connection after 10 s or that if shorter.
    init(client: HTTPClient, key: Secret, totalTimeoutSeconds: Double) {
        self.client = client
        self.key = key
        self.totalTimeoutSeconds = totalTimeoutSeconds
    }

    /// A request for `url` with the uploads' timeouts.
    func request(_ url: String, headers: [(name: String, value: String)] = []) -> HTTPRequest {
        HTTPRequest(
            url: url, headers: headers, connectTimeoutSeconds: min(Self.connectTimeoutSeconds, totalTimeoutSeconds),
            totalTimeoutSeconds: totalTimeoutSeconds, maximumResponseBytes: 1024 * 1024, maximumRedirects: 3)
    }

    /// GETs `url`; any status is returned.
    ///
    /// - Throws: `.unreachable` when no answer came.
    func get(_ url: String, headers: [(name: String, value: String)] = []) async throws(UploadError) -> HTTPResponse {
        do {
            return try await client.get(request(url, headers: headers))
        } catch {
            throw unreachable(error)
        }
    }

    /// GETs `url` with `query` added to it (after what query `url` has).
    ///
    /// - Throws: `.unreachable` when no answer came.
    func get(_ url: String, query: String, headers: [(name: String, value: String)] = []) async throws(UploadError) -> HTTPResponse {
        try await get(url + (url.contains("?") ? "&" : "?") + query, headers: headers)
    }

    /// GETs `url` once for each of `readings`, oldest first, with the
    /// reading's `query`; `check` reads each answer and throws for one that
    /// did not take its reading, which ends the send there.
    func getEach(
        _ readings: [UploadReading], from url: String, headers: [(name: String, value: String)] = [], query: (UploadReading) -> String,
        check: (HTTPResponse) throws(UploadError) -> Void
    ) async throws(UploadError) {
        for reading in readings {
            try check(try await get(url, query: query(reading), headers: headers))
        }
    }

    /// POSTs `json` to `url` as `application/json`; any status is returned.
    ///
    /// - Throws: `.unreachable` when no answer came.
    func post(_ url: String, json: String) async throws(UploadError) -> HTTPResponse {
        do {
            return try await client.post(request(url, headers: [("Content-Type", "application/json")]), body: Array(json.utf8))
        } catch {
            throw unreachable(error)
        }
    }

    /// An error with `words` as its detail, the key removed from them (a
    /// service that echoes its query must not put the key in a log).
    func error(_ code: UploadError.Code, _ words: String, retryAfterSeconds: Double? = nil) -> UploadError {
        UploadError(code, detail: hidingKey(in: UploadError.words(words)), retryAfterSeconds: retryAfterSeconds)
    }

    /// The meaning most services give `response`, when not theirs: 401 and
    /// 403 a rejected key, 429 too soon (after its `Retry-After` when
    /// given), anything else refused.
    func failure(_ response: HTTPResponse) -> UploadError {
        let words = response.bodyText
        switch response.statusCode {
        case 401, 403: return error(.rejectedKey, words)
        case 429: return error(.tooSoon, words, retryAfterSeconds: Self.retryAfterSeconds(response))
        default: return error(.refused(statusCode: response.statusCode), words)
        }
    }

    /// The wait a `Retry-After` header asks for, in seconds, when given.
    static func retryAfterSeconds(_ response: HTTPResponse) -> Double? {
        response.header("Retry-After").flatMap { RetryAfter.seconds(from: $0) }
    }

    private func unreachable(_ error: HTTPError) -> UploadError {
        // The description's URL is redacted already; the key is removed
        // again in case a URL escapes redaction (a key under another name).
        UploadError(.unreachable, detail: hidingKey(in: error.description))
    }

    /// `text` with every occurrence of the key, as is and percent-encoded,
    /// replaced by `<redacted>`.
    func hidingKey(in text: String) -> String {
        key.withValue { value in
            guard !value.isEmpty else { return text }
            var result = text
            for form in Set([value, UploadQuery.encode(value)]) {
                result = result.replacing(form, with: RedactedURL.marker)
            }
            return result
        }
    }
}
