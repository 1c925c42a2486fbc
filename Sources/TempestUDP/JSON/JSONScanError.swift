/// Why `JSONScanner` refused its input. Internal: the decoder maps these onto
/// public `DecodeError` categories.
enum JSONScanError: Error {
    /// Not JSON: a syntax error, a literal JSON does not have (`NaN`, hex),
    /// or bytes after the top-level value.
    case syntax(offset: Int, reason: StaticString)
    /// A string holds bytes that are not valid UTF-8.
    case invalidUTF8(offset: Int)
    /// Arrays and objects nest deeper than the limit.
    case tooDeep(limit: Int)
    /// A number literal overflows a double (for example `1e400`).
    case nonFinite(offset: Int)
    /// More tokens than the tape can hold (cannot happen for inputs within
    /// the datagram size cap; kept as a guard).
    case tooManyTokens
}
