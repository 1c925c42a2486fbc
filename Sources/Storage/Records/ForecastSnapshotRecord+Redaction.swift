extension ForecastSnapshotRecord {
    /// Query parameter names whose values are never stored.
    static let secretParameterMarkers = ["token", "key", "password", "secret", "auth", "signature"]

    /// `url` with credentials removed: user information before the host, and
    /// the values of query parameters whose names suggest a secret
    /// (`token`, `api_key`, `password`, ...) replaced by `REDACTED`. The
    /// store applies this to every snapshot, as a second line behind the
    /// caller, so a secret never lands in the database file.
    public static func redactingSecrets(in url: String) -> String {
        var text = Substring(url)
        var fragment: Substring = ""
        if let hash = text.firstIndex(of: "#") {
            fragment = text[hash...]
            text = text[..<hash]
        }
        var query: Substring? = nil
        if let question = text.firstIndex(of: "?") {
            query = text[text.index(after: question)...]
            text = text[..<question]
        }
        // Drop "user:password@" from "scheme://user:password@host/path".
        var base = String(text)
        if let schemeEnd = base.firstRange(of: "://") {
            let authorityStart = schemeEnd.upperBound
            let authorityEnd = base[authorityStart...].firstIndex(of: "/") ?? base.endIndex
            if let at = base[authorityStart..<authorityEnd].lastIndex(of: "@") {
                base.removeSubrange(authorityStart...at)
            }
        }
        guard let query else { return base + fragment }
        let parameters = query.split(separator: "&", omittingEmptySubsequences: false).map { parameter -> String in
            guard let equals = parameter.firstIndex(of: "=") else { return String(parameter) }
            let name = parameter[..<equals].lowercased()
            guard secretParameterMarkers.contains(where: { name.contains($0) }) else { return String(parameter) }
            return parameter[..<equals] + "=REDACTED"
        }
        return base + "?" + parameters.joined(separator: "&") + fragment
    }
}
