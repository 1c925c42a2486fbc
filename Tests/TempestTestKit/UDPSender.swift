// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation

/// Sends datagrams to 127.0.0.1 from an unbound UDP socket, for listener tests.
public final class UDPSender: @unchecked Sendable {
    private let descriptor: Int32
    private var destination = sockaddr_in()

    /// A sender aimed at `127.0.0.1:port`.
    public init(port: UInt16) throws {
        descriptor = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        guard descriptor >= 0 else { throw TestKitError("socket() failed with errno \(errno)") }
        destination.sin_family = sa_family_t(AF_INET)
        destination.sin_port = port.bigEndian
        destination.sin_addr.s_addr = inet_addr("127.0.0.1")
    }

    /// Sends one datagram with exactly these bytes.
    public func send(_ bytes: [UInt8]) throws {
        let sent = bytes.withUnsafeBytes { buffer in
            withUnsafePointer(to: &destination) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(descriptor, buffer.baseAddress, buffer.count, 0, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        guard sent == bytes.count else { throw TestKitError("sendto() sent \(sent) of \(bytes.count) bytes, errno \(errno)") }
    }

    /// Sends one datagram holding the UTF-8 bytes of `text`.
    public func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    deinit {
        close(descriptor)
    }
}
