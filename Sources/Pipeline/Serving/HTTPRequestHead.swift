// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The request line and headers of an HTTP/1 request, as the HTTP servers
/// (/metrics and the web page) read them: strict, since nothing a browser
/// or curl sends needs leniency.
package struct HTTPRequestHead {
    /// The method, such as `GET`.
    package var method: String
    /// The request target as sent, such as `/charts?day=2026-11-26`.
    package var target: String
    /// The headers in order, names as sent.
    var headers: [(name: String, value: String)]

    /// Whether the request line and headers arrived: an empty line ends them.
    package static func isComplete(_ request: [UInt8]) -> Bool {
        for index in request.indices.dropFirst() where request[index] == 0x0A {
            if request[index - 1] == 0x0A { return true }
            if index >= 2 && request[index - 1] == 0x0D && request[index - 2] == 0x0A { return true }
        }
        return false
    }

    /// Parses a complete head; nil when it is malformed (a request line
    /// that is not `METHOD TARGET HTTP/1.x`, a header line without a name
    /// and a colon, a folded header, control characters).
    package init?(_ request: [UInt8]) {
        var lines: [ArraySlice<UInt8>] = []
        var start = request.startIndex
        for index in request.indices where request[index] == 0x0A {
            var end = index
            if end > start && request[end - 1] == 0x0D { end -= 1 }
            if end == start { break }
            lines.append(request[start..<end])
            start = index + 1
        }
        guard let first = lines.first else { return nil }
        let parts = first.split(separator: 0x20, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy({ (0x41...0x5A).contains($0) }),
            !parts[1].isEmpty, parts[1].allSatisfy({ $0 > 0x20 && $0 != 0x7F }),
            parts[2].elementsEqual("HTTP/1.1".utf8) || parts[2].elementsEqual("HTTP/1.0".utf8)
        else { return nil }
        method = String(decoding: parts[0], as: UTF8.self)
        target = String(decoding: parts[1], as: UTF8.self)
        headers = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: 0x3A), colon > line.startIndex,
                line[line.startIndex..<colon].allSatisfy({ $0 > 0x20 && $0 < 0x7F }),
                line.allSatisfy({ $0 >= 0x20 || $0 == 0x09 })
            else { return nil }
            var value = line[(colon + 1)...].drop { $0 == 0x20 || $0 == 0x09 }
            while let last = value.last, last == 0x20 || last == 0x09 { value = value.dropLast() }
            headers.append((String(decoding: line[line.startIndex..<colon], as: UTF8.self), String(decoding: value, as: UTF8.self)))
        }
    }

    /// The value of the first header called `name` (case-insensitive).
    package func value(of name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }
}
