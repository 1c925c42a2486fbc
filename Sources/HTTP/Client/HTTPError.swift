// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Why an HTTP request failed. The URL in every description has its secrets
/// redacted (see ``RedactedURL``).
public struct HTTPError: Error, Sendable, CustomStringConvertible {
    /// The broad kind of failure, for callers that decide what to do next.
    public enum Kind: Sendable, Hashable {
        /// The host name could not be resolved.
        case nameResolution
        /// No connection could be made.
        case connection
        /// TLS handshake or certificate verification failed.
        case tls
        /// The connect or total timeout passed.
        case timeout
        /// The body exceeded the request's byte limit.
        case tooLarge
        /// More redirects than allowed.
        case tooManyRedirects
        /// The awaiting task was cancelled.
        case cancelled
        /// The server answered with a status code other than 2xx.
        case httpStatus
        /// libcurl itself could not be loaded (it is loaded on the first
        /// request, not linked); no request can succeed until it is installed.
        case libcurlUnavailable
        /// Anything else libcurl reported.
        case other
    }

    private enum Code: Sendable {
        case nameResolution(host: String)
        case connection(host: String, port: Int?, reason: String)
        case tls(reason: String)
        case timeout(seconds: Double)
        case tooLarge(limit: Int)
        case tooManyRedirects(limit: Int)
        case cancelled
        case httpStatus(code: Int, bodyExcerpt: String)
        case libcurlUnavailable(library: String, reason: String)
        case other(message: String)
    }

    private let code: Code
    /// The request URL with secrets replaced by `<redacted>`.
    public let redactedURL: String

    private init(_ code: Code, url: String) {
        self.code = code
        self.redactedURL = RedactedURL.redact(url)
    }

    /// The host name could not be resolved.
    public static func nameResolution(host: String, url: String) -> HTTPError {
        HTTPError(.nameResolution(host: host), url: url)
    }
    /// No connection could be made.
    public static func connection(host: String, port: Int?, reason: String, url: String) -> HTTPError {
        HTTPError(.connection(host: host, port: port, reason: reason), url: url)
    }
    /// TLS failed.
    public static func tls(reason: String, url: String) -> HTTPError {
        HTTPError(.tls(reason: reason), url: url)
    }
    /// A timeout passed.
    public static func timeout(seconds: Double, url: String) -> HTTPError {
        HTTPError(.timeout(seconds: seconds), url: url)
    }
    /// The body was larger than `limit` bytes.
    public static func tooLarge(limit: Int, url: String) -> HTTPError {
        HTTPError(.tooLarge(limit: limit), url: url)
    }
    /// More than `limit` redirects.
    public static func tooManyRedirects(limit: Int, url: String) -> HTTPError {
        HTTPError(.tooManyRedirects(limit: limit), url: url)
    }
    /// The task was cancelled.
    public static func cancelled(url: String) -> HTTPError {
        HTTPError(.cancelled, url: url)
    }
    /// A non-2xx status; only the first 200 characters of the body are kept.
    public static func httpStatus(_ statusCode: Int, body: [UInt8], url: String) -> HTTPError {
        let text = String(decoding: body.prefix(800), as: UTF8.self)
        let excerpt = String(text.prefix(200)).filter { !$0.isNewline }
        return HTTPError(.httpStatus(code: statusCode, bodyExcerpt: excerpt), url: url)
    }
    /// libcurl (the shared library `library`) could not be loaded, for
    /// `reason` (the dynamic loader's message).
    public static func libcurlUnavailable(library: String, reason: String, url: String) -> HTTPError {
        HTTPError(.libcurlUnavailable(library: library, reason: reason), url: url)
    }
    /// Any other failure.
    public static func other(message: String, url: String) -> HTTPError {
        HTTPError(.other(message: message), url: url)
    }

    /// The broad kind of failure.
    public var kind: Kind {
        switch code {
        case .nameResolution: .nameResolution
        case .connection: .connection
        case .tls: .tls
        case .timeout: .timeout
        case .tooLarge: .tooLarge
        case .tooManyRedirects: .tooManyRedirects
        case .cancelled: .cancelled
        case .httpStatus: .httpStatus
        case .libcurlUnavailable: .libcurlUnavailable
        case .other: .other
        }
    }

    /// The HTTP status code for `.httpStatus` failures.
    public var statusCode: Int? {
        if case .httpStatus(let statusCode, _) = code { return statusCode }
        return nil
    }

    /// A sentence naming what went wrong and the (redacted) URL.
    public var description: String {
        switch code {
        case .nameResolution(let host):
            "could not resolve the host name \(host) for \(redactedURL)"
        case .connection(let host, let port, let reason):
            "could not connect to \(host)\(port.map { ":\($0)" } ?? "") for \(redactedURL): \(reason)"
        case .tls(let reason):
            "TLS failed for \(redactedURL): \(reason)"
        case .timeout(let seconds):
            "no complete response within \(seconds) s from \(redactedURL)"
        case .tooLarge(let limit):
            "response larger than \(limit) bytes from \(redactedURL)"
        case .tooManyRedirects(let limit):
            "more than \(limit) redirects from \(redactedURL)"
        case .cancelled:
            "the request to \(redactedURL) was cancelled"
        case .httpStatus(let statusCode, let excerpt):
            "HTTP status \(statusCode) from \(redactedURL)" + (excerpt.isEmpty ? "" : ": \(excerpt)")
        case .libcurlUnavailable(let library, let reason):
            "request to \(redactedURL) failed: libcurl (\(library)) could not be loaded: \(reason); "
                + "install it with: apt-get install libcurl4"
        case .other(let message):
            "request to \(redactedURL) failed: \(message)"
        }
    }
}
