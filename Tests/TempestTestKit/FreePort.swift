// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation

/// Free loopback ports for tests: the kernel picks one by binding port 0.
///
/// There is a small window between closing the probe socket and the test
/// binding the port; on loopback in a test run that race is practically
/// never lost, and callers that start a server retry on "address in use".
public enum FreePort {
    /// A TCP port on 127.0.0.1 that was free a moment ago.
    public static func tcp() throws -> UInt16 {
        try probe(type: Int32(SOCK_STREAM.rawValue))
    }

    /// A UDP port on 127.0.0.1 that was free a moment ago.
    public static func udp() throws -> UInt16 {
        try probe(type: Int32(SOCK_DGRAM.rawValue))
    }

    private static func probe(type: Int32) throws -> UInt16 {
        let descriptor = socket(AF_INET, type, 0)
        guard descriptor >= 0 else { throw TestKitError("socket() failed with errno \(errno)") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else { throw TestKitError("bind() failed with errno \(errno)") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getsockname(descriptor, $0, &length)
            }
        }
        guard named == 0 else { throw TestKitError("getsockname() failed with errno \(errno)") }
        return UInt16(bigEndian: address.sin_port)
    }
}
