/// Removes secrets from URLs before they reach a log line or an error.
///
/// Replaces the values of the query parameters `token`, `api_key`, `apikey`,
/// `key` and `access_token` (any case) and the password of any userinfo with
/// `<redacted>`. Everything else is kept so the URL still says which endpoint
/// was called.
public enum RedactedURL {
    /// The marker that replaces a secret.
    public static let marker = "<redacted>"

    /// Query parameter names whose values are secrets (compared lower-cased).
    public static let secretParameterNames: Set<String> = ["token", "api_key", "apikey", "key", "access_token"]

    /// `url` with its secrets replaced by ``marker``.
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
            let userinfo = authority[..<at]
            if let colon = userinfo.firstIndex(of: ":") {
                result += userinfo[...colon] + marker
            } else {
                result += userinfo
            }
            result += authority[at...]
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
            guard secretParameterNames.contains(name.lowercased()) else { return String(pair) }
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
