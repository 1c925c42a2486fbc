// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import HTTP

/// A `ws://` or `wss://` URL taken apart: what libcurl connects to and what
/// the upgrade request names.
struct WebSocketURL {
    /// The URL libcurl connects to in connect-only mode: `http://` for
    /// `ws://`, `https://` for `wss://`, with the same authority.
    var connectURL: String
    /// The `Host` header: the host, and the port when the URL gives one.
    var hostHeader: String
    /// The request target: the path (at least `/`) and the query.
    var target: String
    /// The URL without its secrets, for error messages.
    var redacted: String
    /// The raw query (where the token travels), for `scrubbed(_:)`.
    private var query: Substring

    /// Parses `url`; throws `.connectFailed` when it is not `ws://` or `wss://`.
    init(_ url: String) throws(WebSocketError) {
        redacted = RedactedURL.redact(url)
        let lowercased = url.lowercased()
        let scheme: String
        let rest: Substring
        if lowercased.hasPrefix("ws://") {
            (scheme, rest) = ("http://", url.dropFirst(5))
        } else if lowercased.hasPrefix("wss://") {
            (scheme, rest) = ("https://", url.dropFirst(6))
        } else {
            throw WebSocketError(.connectFailed, "\(redacted) is not a ws:// or wss:// URL")
        }
        // The fragment never travels (RFC 6455 section 3).
        let withoutFragment = rest.prefix { $0 != "#" }
        let authorityEnd = withoutFragment.firstIndex { $0 == "/" || $0 == "?" } ?? withoutFragment.endIndex
        var authority = withoutFragment[..<authorityEnd]
        // User information is not sent in the upgrade; drop it rather than leak it.
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        guard !authority.isEmpty, !authority.contains(where: { $0 == " " || $0 == "\r" || $0 == "\n" }) else {
            throw WebSocketError(.connectFailed, "\(redacted) names no host")
        }
        let pathAndQuery = withoutFragment[authorityEnd...]
        guard !pathAndQuery.contains(where: { $0 == " " || $0 == "\r" || $0 == "\n" }) else {
            throw WebSocketError(.connectFailed, "\(redacted) has white space in its path or query")
        }
        query = pathAndQuery.drop { $0 != "?" }.dropFirst()
        connectURL = scheme + authority
        hostHeader = String(authority)
        target = pathAndQuery.hasPrefix("/") ? String(pathAndQuery) : "/" + pathAndQuery
    }

    /// `text` (a message from libcurl) with the raw query replaced by the
    /// redaction marker, should it ever quote the URL.
    func scrubbed(_ text: String) -> String {
        query.isEmpty ? text : text.replacing(query, with: RedactedURL.marker)
    }
}
