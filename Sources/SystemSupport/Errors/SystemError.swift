// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc

/// An error the C library reported by number: `errno`, or what a pthread
/// function returned.
public struct SystemError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The error number, such as `ENOENT`.
    public let number: Int32

    /// The error numbered `number`.
    public init(number: Int32) {
        self.number = number
    }

    /// The calling thread's `errno`, as the last failed call left it.
    public static var current: SystemError {
        SystemError(number: errno)
    }

    /// The C library's text for the error (`strerror`), such as "No such
    /// file or directory".
    public var message: String {
        guard let text = strerror(number) else { return "errno \(number)" }
        return String(cString: text)
    }

    /// The text with the number, such as "No such file or directory (errno 2)".
    public var description: String {
        "\(message) (errno \(number))"
    }
}
