// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// One parsed HTTP request to the web page: what ``WebContent`` answers.
/// The server has already checked the method (GET or HEAD), the size and
/// the credentials; the content sees only the path and the query.
public struct WebRequest: Sendable, Hashable {
    /// `GET` or `HEAD`.
    public var method: String
    /// The path without the query, percent-decoded, such as `/charts`.
    public var path: String
    /// The query's parameters, percent-decoded; the last of a repeated name wins.
    public var query: [String: String]

    /// Makes a request from its parts.
    public init(method: String = "GET", path: String, query: [String: String] = [:]) {
        self.method = method
        self.path = path
        self.query = query
    }
}
