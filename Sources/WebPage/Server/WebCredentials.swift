// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import SystemSupport

/// The user name and password the web page asks for (`web.username`,
/// `web.password_file`). The password is a ``Secret``: it prints as
/// `<redacted>`, so it cannot reach a log by accident.
public struct WebCredentials: Sendable {
    /// The user name of `Authorization: Basic`.
    public var username: String
    /// The password of `Authorization: Basic`, and the token of `Authorization: Bearer`.
    public var password: Secret

    /// Makes credentials from their parts.
    public init(username: String, password: Secret) {
        self.username = username
        self.password = password
    }

    /// Whether the `Authorization` header's value (nil when there is none)
    /// carries these credentials: `Basic base64(user:password)` or
    /// `Bearer password`. Compared in constant time for a given length, so
    /// that timing tells nothing about how much of a guess was right.
    func admit(authorization: String?) -> Bool {
        guard let authorization else { return false }
        let parts = authorization.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2 else { return false }
        let scheme = parts[0].lowercased()
        let argument = String(parts[1].drop { $0 == " " })
        switch scheme {
        case "basic":
            guard let offered = Base64.decode(argument) else { return false }
            return password.withValue { Self.sameBytes(offered, Array("\(username):\($0)".utf8)) }
        case "bearer":
            return password.withValue { Self.sameBytes(Array(argument.utf8), Array($0.utf8)) }
        default:
            return false
        }
    }

    /// Whether `offered` equals `expected`, looking at every byte of the
    /// longer one whatever differs first.
    static func sameBytes(_ offered: [UInt8], _ expected: [UInt8]) -> Bool {
        var difference = UInt8(offered.count == expected.count ? 0 : 1)
        for index in 0..<max(offered.count, expected.count) {
            let left = index < offered.count ? offered[index] : 0
            let right = index < expected.count ? expected[index] : 0
            difference |= left ^ right
        }
        return difference == 0
    }
}
