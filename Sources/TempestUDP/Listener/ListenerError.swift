// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import SystemSupport

/// Why the listener could not start.
public struct ListenerError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Code: Hashable, Sendable {
        case invalidBindAddress
        case invalidSourceAddress
        case socketFailed
        case bindFailed
        case threadFailed
    }

    private let code: Code
    /// What went wrong, in words.
    public let description: String

    private init(_ code: Code, _ description: String) {
        self.code = code
        self.description = description
    }

    /// The bind address is not an IPv4 dotted quad.
    public static func invalidBindAddress(_ address: String) -> ListenerError {
        ListenerError(.invalidBindAddress, "the bind address '\(address)' is not an IPv4 address such as 0.0.0.0")
    }

    /// An allow-listed source address is not an IPv4 dotted quad.
    public static func invalidSourceAddress(_ address: String) -> ListenerError {
        ListenerError(.invalidSourceAddress, "the allowed source address '\(address)' is not an IPv4 address")
    }

    /// The socket could not be created or configured.
    public static func socketFailed(_ step: String, errno: Int32) -> ListenerError {
        ListenerError(.socketFailed, "could not \(step): \(SystemError(number: errno))")
    }

    /// The address and port could not be bound.
    public static func bindFailed(address: String, port: UInt16, errno: Int32) -> ListenerError {
        var hint = ""
        if errno == EADDRINUSE {
            hint = "; another program holds the port without SO_REUSEPORT (a second gateway, or a tool that does not share the port)"
        } else if errno == EACCES {
            hint = "; ports below 1024 need privileges"
        }
        return ListenerError(
            .bindFailed, "could not listen on UDP \(address):\(port): \(SystemError(number: errno))\(hint)")
    }

    /// The receive thread could not be started.
    public static func threadFailed(errno: Int32) -> ListenerError {
        ListenerError(.threadFailed, "could not start the receive thread: \(SystemError(number: errno))")
    }

    public static func == (lhs: ListenerError, rhs: ListenerError) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
