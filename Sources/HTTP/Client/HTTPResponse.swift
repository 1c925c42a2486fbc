// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// A complete HTTP response.
public struct HTTPResponse: Sendable {
    /// The final status code (after redirects).
    public var statusCode: Int
    /// Response headers of the final response; names lower-cased. A repeated
    /// header keeps its last value.
    public var headers: [String: String]
    /// The body, already decoded if the server compressed it.
    public var body: [UInt8]

    /// Creates a response.
    public init(statusCode: Int, headers: [String: String], body: [UInt8]) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
    }

    /// The body as UTF-8 text (invalid sequences replaced).
    public var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// The value of a header, looked up case-insensitively.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}
