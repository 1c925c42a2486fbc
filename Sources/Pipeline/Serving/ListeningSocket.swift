// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import SystemSupport

/// A bound, listening TCP socket on one IPv4 address, for the HTTP servers
/// (/metrics and the web page): they share how it is opened and how its
/// failures are worded.
package struct ListeningSocket {
    /// The socket (close-on-exec), now listening.
    package let descriptor: Int32
    /// The port actually bound (the one asked for, or the one the system
    /// chose for 0).
    package let port: UInt16

    /// Opens the socket for `service` (such as "metrics"; named in the
    /// error) on `address` (dotted IPv4 text) at `port` (0: any free port).
    package static func open(address: String, port: UInt16, service: String) throws(ListeningSocketError) -> ListeningSocket {
        var binary = in_addr()
        guard inet_pton(AF_INET, address, &binary) == 1 else {
            throw ListeningSocketError(description: "cannot serve \(service) on \(address): not an IPv4 address")
        }
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw ListeningSocketError(description: "cannot create the \(service) socket") }
        var reuse: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_port = port.bigEndian
        socketAddress.sin_addr = binary
        let bound = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 64) == 0 else {
            let reason = SystemError.current.message
            close(descriptor)
            throw ListeningSocketError(description: "cannot serve \(service) on \(address):\(port): \(reason)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return ListeningSocket(descriptor: descriptor, port: UInt16(bigEndian: socketAddress.sin_port))
    }
}

/// Why a ``ListeningSocket`` could not be opened, in words naming the
/// service, the address and the port.
package struct ListeningSocketError: Error, CustomStringConvertible {
    package let description: String
}
