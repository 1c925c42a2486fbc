/// One entry of the flat token tape that `JSONScanner` writes.
///
/// A container token is followed by its members (objects: key token, then the
/// value's tokens), and `next` points past its whole subtree, so a reader can
/// skip any value in constant time without a tree of allocations.
struct JSONToken {
    enum Kind: UInt8 {
        case object
        case array
        case string
        case number
        case `true`
        case `false`
        case null
    }

    /// What the token is.
    var kind: Kind
    /// For strings: the raw bytes contain a backslash escape.
    var hasEscapes: Bool
    /// Byte offset of the first byte: for strings, the first byte after the
    /// opening quote; for every other kind, the value's first byte.
    var start: Int32
    /// Strings: raw byte length between the quotes. Containers: element
    /// (array) or member (object) count. Numbers: literal length in bytes.
    var length: Int32
    /// Tape index just past this token's subtree.
    var next: Int32
    /// The value of a number token (always finite).
    var number: Double
}
