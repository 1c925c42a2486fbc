// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation

/// One upload a stand-in took, decoded back into numbers so that tests can
/// compare values in the service's units.
public struct RecordedUpload: Sendable {
    /// Every parameter (query or JSON member), decoded, as text.
    public var parameters: [String: String]
    /// The parameters that read as numbers.
    public var values: [String: Double]
    /// The raw query, as received.
    public var query: String
    /// The request's headers, names lower-cased.
    public var headers: [String: String]

    /// An upload of `parameters`.
    public init(parameters: [String: String], query: String, headers: [String: String]) {
        self.parameters = parameters
        self.values = parameters.compactMapValues(Double.init)
        self.query = query
        self.headers = headers
    }

    /// The upload a query carried.
    public init(_ request: LocalHTTPServer.RecordedRequest) {
        self.init(parameters: Self.decode(query: request.query), query: request.query, headers: request.headers)
    }

    /// The parameters of a query, percent-decoded, `+` read as a space.
    public static func decode(query: String) -> [String: String] {
        var parameters: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text) }
            parameters[decode(parts[0])] = parts.count > 1 ? decode(parts[1]) : ""
        }
        return parameters
    }
}
