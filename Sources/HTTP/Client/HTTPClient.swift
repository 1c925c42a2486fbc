// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import CVersion
import Logging
import SystemSupport

/// An HTTP client over libcurl: GET, and POST for exports and uploads.
///
/// libcurl is loaded on the first request, not linked (it and its libraries
/// cost ~3.8 MB of resident memory that a gateway without cloud features
/// never needs); when it cannot be loaded, every request fails with
/// ``HTTPError/Kind/libcurlUnavailable``.
///
/// Each request runs `curl_easy_perform` on its own thread; cancelling the
/// awaiting task aborts the transfer from libcurl's progress callback.
/// TLS peer and host verification are always on; compressed responses are
/// decoded; only `http` and `https` are allowed, also after redirects.
///
/// Proxies: libcurl reads `http_proxy`, `https_proxy` (also upper-case),
/// `all_proxy` and `no_proxy` from the environment by itself, so the client
/// needs no proxy settings of its own.
///
/// Logging: the client logs the redacted URL and the status at debug level;
/// header values (which carry tokens) are never logged.
public final class HTTPClient: Sendable {
    /// The `User-Agent` header sent with every request.
    public let userAgent: String
    private let logger: Logger
    /// The handle requests share, when the client keeps its connection.
    private let reusable: ReusableCurlHandle?

    /// Creates a client that identifies itself as `tempest-gateway/<version>`
    /// (by default the package's version, from the VERSION file). With
    /// `reusesConnection`, its requests go one at a time over one libcurl
    /// handle, keeping the connection (and TLS session) between them: for a
    /// destination written to every minute, such as an export's database.
    public init(
        version: String = String(cString: tempest_gateway_version()), logger: Logger = Logger(label: "tempest-gateway.http"),
        reusesConnection: Bool = false
    ) {
        self.userAgent = "tempest-gateway/\(version)"
        self.logger = logger
        self.reusable = reusesConnection ? ReusableCurlHandle(threadName: "http-connection") : nil
    }

    deinit {
        reusable?.close()
    }

    /// Performs a GET request. Any status code is returned as a response;
    /// use ``HTTPResponse/statusCode`` or ``checkedGet(_:)`` to reject errors.
    public func get(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        var request = request
        request.body = nil
        return try await perform(request)
    }

    /// Performs a POST of `body` (its `Content-Type` among the request's
    /// headers). Any status code is returned as a response.
    public func post(_ request: HTTPRequest, body: [UInt8]) async throws(HTTPError) -> HTTPResponse {
        var request = request
        request.body = body
        return try await perform(request)
    }

    private func perform(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        let method = request.body == nil ? "GET" : "POST"
        let state = TransferState(maximumResponseBytes: request.maximumResponseBytes)
        let transfer = CurlTransfer(request: request, userAgent: userAgent, state: state)
        let redacted = RedactedURL.redact(request.url)
        logger.debug("\(method) \(redacted)")
        if Task.isCancelled { throw .cancelled(url: request.url) }

        let result: Result<HTTPResponse, HTTPError> = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<HTTPResponse, HTTPError>, Never>) in
                // A transfer that waits on the network never occupies a
                // cooperative-pool thread.
                if let reusable {
                    reusable.perform(transfer) { continuation.resume(returning: $0) }
                    return
                }
                do {
                    try NamedThread(named: "http-transfer") { continuation.resume(returning: transfer.perform()) }.detach()
                } catch {
                    continuation.resume(returning: .failure(.other(message: "could not start a transfer thread", url: request.url)))
                }
            }
        } onCancel: {
            state.isCancelled.store(true, ordering: .relaxed)
        }
        switch result {
        case .success(let response):
            logger.debug("\(method) \(redacted) → \(response.statusCode), \(response.body.count) bytes")
            return response
        case .failure(let error):
            logger.debug("\(method) failed: \(error)")
            throw error
        }
    }

    /// Performs a GET request and throws ``HTTPError/Kind/httpStatus`` for
    /// any status outside 200–299.
    public func checkedGet(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        let response = try await get(request)
        guard (200..<300).contains(response.statusCode) else {
            throw .httpStatus(response.statusCode, body: response.body, url: request.url)
        }
        return response
    }
}
