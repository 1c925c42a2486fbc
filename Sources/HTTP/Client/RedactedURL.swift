// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Removes secrets from URLs before they reach a log line, an error or the
/// database.
///
/// Replaces the value of every query parameter whose name contains `token`,
/// `key`, `password`, `secret`, `auth` or `signature` (any case) with
/// `<redacted>` (and InfluxDB 1.x's `p` and OpenWeatherMap's `appid`), and drops the user information before the host
/// (`user:password@`, or a token given as the user name). Everything else is
/// kept so the URL still says which endpoint was called.
public enum RedactedURL {
    /// The marker that replaces a secret.
    public static let marker = "<redacted>"

    /// A query parameter whose name contains one of these (compared
    /// lower-cased) holds a secret. Parts of names rather than whole names:
    /// a harmless parameter redacted costs little, a secret in a log a lot.
    static let secretNameParts = ["token", "key", "password", "secret", "auth", "signature"]

    /// Query parameters that hold a secret under a name no part matches:
    /// InfluxDB 1.x's password (`u=…&p=…`), OpenWeatherMap's API key (`appid`).
    static let secretNames = ["p", "appid"]

    /// `url` with its secrets removed.
    public static func redact(_ url: String) -> String {
        var rest = Substring(url)
        var result = ""
        if let schemeEnd = rest.firstRange(of: "://") {
            result += rest[..<schemeEnd.upperBound]
            rest = rest[schemeEnd.upperBound...]
        }
        // Authority ends at the first '/', '?' or '#'.
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") {
            result += authority[authority.index(after: at)...]
        } else {
            result += authority
        }
        rest = rest[authorityEnd...]

        let fragmentStart = rest.firstIndex(of: "#") ?? rest.endIndex
        let fragment = rest[fragmentStart...]
        rest = rest[..<fragmentStart]
        guard let queryStart = rest.firstIndex(of: "?") else {
            return result + rest + fragment
        }
        result += rest[...queryStart]
        let query = rest[rest.index(after: queryStart)...]
        let redactedPairs = query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            let name = pair[..<equals]
            let lowercased = name.lowercased()
            guard secretNames.contains(lowercased) || secretNameParts.contains(where: { lowercased.contains($0) }) else {
                return String(pair)
            }
            return name + "=" + marker
        }
        return result + redactedPairs.joined(separator: "&") + fragment
    }

    /// The host and explicit port of `url`, for error messages.
    static func hostAndPort(of url: String) -> (host: String, port: Int?) {
        var rest = Substring(url)
        if let schemeEnd = rest.firstRange(of: "://") { rest = rest[schemeEnd.upperBound...] }
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            let host = String(authority[...close])
            let after = authority[authority.index(after: close)...]
            return (host, after.hasPrefix(":") ? Int(after.dropFirst()) : nil)
        }
        if let colon = authority.lastIndex(of: ":") {
            return (String(authority[..<colon]), Int(authority[authority.index(after: colon)...]))
        }
        return (String(authority), nil)
    }
}
