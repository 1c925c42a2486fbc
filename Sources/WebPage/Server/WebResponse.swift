// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The answer to a ``WebRequest``: a status, a content type and a body the
/// server sends whole (pages are small and built at once), with
/// `Content-Length`, and `Connection: close` unless the client keeps it.
public struct WebResponse: Sendable, Hashable {
    /// The HTTP status code, such as 200 or 404.
    public var status: Int
    /// The `Content-Type` header, such as `text/html; charset=utf-8`.
    public var contentType: String
    /// Extra headers, such as `Cache-Control`, in order.
    public var headers: [WebHeader]
    /// The body's bytes.
    public var body: [UInt8]

    /// Makes a response from its parts.
    public init(status: Int = 200, contentType: String, headers: [WebHeader] = [], body: [UInt8]) {
        self.status = status
        self.contentType = contentType
        self.headers = headers
        self.body = body
    }

    /// A response whose body is `text` in UTF-8.
    public init(status: Int = 200, contentType: String, headers: [WebHeader] = [], text: String) {
        self.init(status: status, contentType: contentType, headers: headers, body: Array(text.utf8))
    }
}

/// One HTTP header of a ``WebResponse``.
public struct WebHeader: Sendable, Hashable {
    /// The header's name, such as `Cache-Control`.
    public var name: String
    /// Its value.
    public var value: String

    /// Makes a header.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
