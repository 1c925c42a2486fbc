// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Why a text is not an `ADDRESS:PORT` (``IPv4Endpoint``).
public struct IPv4EndpointError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Code: Hashable, Sendable {
        /// No `:PORT` after the address.
        case missingPort
        /// The part before the colon is not a dotted-quad IPv4 address
        /// (a host name, say).
        case notAnAddress
        /// 0.0.0.0 or 255.255.255.255: nothing to send to.
        case notUnicast
        /// The port is not a whole number from 1 to 65535.
        case badPort
    }

    /// What is wrong.
    public let code: Code
    /// The text as given.
    public let text: String

    /// An error about `text`.
    public init(_ code: Code, text: String) {
        self.code = code
        self.text = text
    }

    /// What is wrong with the text, in words, without repeating it.
    public var problem: String {
        switch code {
        case .missingPort: "no :PORT after the address"
        case .notAnAddress: "the part before the colon is not a numeric IPv4 address (host names are not resolved)"
        case .notUnicast: "0.0.0.0 and 255.255.255.255 are not addresses to send to"
        case .badPort: "the port is not a whole number from 1 to 65535"
        }
    }

    /// The text and what is wrong with it.
    public var description: String {
        "\"\(text)\": \(problem)"
    }
}
