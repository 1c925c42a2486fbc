// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension WebRequest {
    /// The request for `target` (origin form: `/path?query`), percent-decoded;
    /// nil when it is not one the pages could mean: not starting with `/`,
    /// a bad `%` escape, bytes that are not UTF-8, a NUL, or a `..` segment
    /// (no path climbs out of the site). In the query `+` is a space, as
    /// forms send it; the last of a repeated name wins.
    init?(method: String, target: String) {
        let bytes = Array(target.utf8)
        guard bytes.first == UInt8(ascii: "/") else { return nil }
        let questionMark = bytes.firstIndex(of: UInt8(ascii: "?"))
        guard let path = Self.decoded(bytes[..<(questionMark ?? bytes.endIndex)], plusIsSpace: false),
            !path.split(separator: "/", omittingEmptySubsequences: false).contains("..")
        else { return nil }
        var query: [String: String] = [:]
        if let questionMark {
            for pair in bytes[(questionMark + 1)...].split(separator: UInt8(ascii: "&")) {
                let equals = pair.firstIndex(of: UInt8(ascii: "="))
                guard let name = Self.decoded(pair[..<(equals ?? pair.endIndex)], plusIsSpace: true),
                    let value = Self.decoded(equals.map { pair[($0 + 1)...] } ?? [], plusIsSpace: true)
                else { return nil }
                query[name] = value
            }
        }
        self.init(method: method, path: path, query: query)
    }

    /// `bytes` with `%XX` escapes (and `+`, in a query) replaced; nil when
    /// an escape is bad or the result holds a NUL or is not UTF-8.
    private static func decoded(_ bytes: ArraySlice<UInt8>, plusIsSpace: Bool) -> String? {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            var byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.endIndex, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
                else { return nil }
                byte = high << 4 | low
                index += 2
            } else if byte == UInt8(ascii: "+") && plusIsSpace {
                byte = UInt8(ascii: " ")
            }
            guard byte != 0 else { return nil }
            result.append(byte)
            index += 1
        }
        return String(validating: result, as: UTF8.self)
    }

    private static func hexValue(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
