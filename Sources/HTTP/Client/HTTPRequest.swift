// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// One HTTP request (a GET, or a POST when it has a body) and the limits
/// that bound it.
public struct HTTPRequest: Sendable {
    /// The absolute `http` or `https` URL.
    public var url: String
    /// Extra request headers as name/value pairs. Values are never logged.
    public var headers: [(name: String, value: String)]
    /// Longest wait for the TCP and TLS connection, in seconds.
    public var connectTimeoutSeconds: Double
    /// Longest time for the whole transfer, in seconds.
    public var totalTimeoutSeconds: Double
    /// Largest accepted (decoded) response body, in bytes.
    public var maximumResponseBytes: Int
    /// Most redirects followed before the request fails.
    public var maximumRedirects: Int
    /// A CA certificate file to verify the server with, or nil for the
    /// system's trusted CAs (verification is never turned off).
    public var caFile: String?
    /// The body of a POST (sent with the `Content-Type` among `headers`);
    /// nil for a GET.
    public var body: [UInt8]?

    /// Creates a request with the default limits: 10 s to connect, 30 s in
    /// total, 4 MiB of body and 3 redirects.
    public init(
        url: String,
        headers: [(name: String, value: String)] = [],
        connectTimeoutSeconds: Double = 10,
        totalTimeoutSeconds: Double = 30,
        maximumResponseBytes: Int = 4 * 1024 * 1024,
        maximumRedirects: Int = 3,
        caFile: String? = nil
    ) {
        self.url = url
        self.headers = headers
        self.connectTimeoutSeconds = connectTimeoutSeconds
        self.totalTimeoutSeconds = totalTimeoutSeconds
        self.maximumResponseBytes = maximumResponseBytes
        self.maximumRedirects = maximumRedirects
        self.caFile = caFile
    }
}
