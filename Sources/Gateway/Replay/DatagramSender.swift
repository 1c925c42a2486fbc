// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import GatewayCore
import Glibc
import SystemSupport

/// Sends UDP datagrams to one IPv4 address and port.
final class DatagramSender {
    /// Why sending could not start.
    struct SetupError: Error, CustomStringConvertible {
        let description: String
    }

    private let descriptor: Int32
    private var destination = sockaddr_in()

    /// A sender aimed at `address:port` (an IPv4 dotted quad).
    init(address: String, port: UInt16) throws(SetupError) {
        var parsed = in_addr()
        guard inet_pton(AF_INET, address, &parsed) == 1 else {
            throw SetupError(description: "'\(address)' is not an IPv4 address such as 127.0.0.1")
        }
        descriptor = socket(AF_INET, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else {
            throw SetupError(description: "cannot create a UDP socket: \(SystemError.current.message)")
        }
        destination.sin_family = sa_family_t(AF_INET)
        destination.sin_port = port.bigEndian
        destination.sin_addr = parsed
    }

    deinit {
        close(descriptor)
    }

    /// Sends one datagram; false when the kernel refused it.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        let sent = bytes.withUnsafeBytes { buffer in
            withUnsafePointer(to: &destination) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(descriptor, buffer.baseAddress, buffer.count, 0, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        return sent == bytes.count
    }
}
