// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// One entry of the flat token tape that `JSONScanner` writes.
///
/// A container token is followed by its members (objects: the key's string
/// token, then the value's tokens), and `next` points past its whole
/// subtree, so a reader can skip any value in constant time without a tree
/// of allocations.
public struct JSONToken: Sendable {
    /// The kinds of JSON value.
    public enum Kind: UInt8, Sendable {
        case object
        case array
        case string
        case number
        case `true`
        case `false`
        case null
    }

    /// What the token is.
    public internal(set) var kind: Kind
    /// For strings: the raw bytes contain a backslash escape.
    public internal(set) var hasEscapes: Bool
    /// Byte offset of the first byte: for strings, the first byte after the
    /// opening quote; for every other kind, the value's first byte.
    public internal(set) var start: Int32
    /// Strings: raw byte length between the quotes. Containers: element
    /// (array) or member (object) count. Numbers: literal length in bytes.
    public internal(set) var length: Int32
    /// Tape index just past this token's subtree.
    public internal(set) var next: Int32
    /// The value of a number token (always finite).
    public internal(set) var number: Double
}
