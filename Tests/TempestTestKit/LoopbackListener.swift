// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation

/// The socket plumbing the test kit's local servers share: a socket bound
/// to 127.0.0.1 and a port the kernel picks (listening, for TCP), the
/// accept loop with a thread per connection, and whole writes.
enum LoopbackListener {
    /// A socket listening on 127.0.0.1 and a free port, with that port.
    static func open(backlog: Int32) throws -> (descriptor: Int32, port: UInt16) {
        let (descriptor, port) = try bound(type: Int32(SOCK_STREAM.rawValue), reuseAddress: true)
        guard listen(descriptor, backlog) == 0 else {
            close(descriptor)
            throw TestKitError("listen failed with errno \(errno)")
        }
        return (descriptor, port)
    }

    /// A socket of `type` (TCP or UDP) bound to 127.0.0.1 and a port the
    /// kernel picks, with that port. `reuseAddress` (a server's restart
    /// past TIME_WAIT) is off for a probe or a UDP socket: the kernel may
    /// hand two sockets that both set it the same port.
    static func bound(type: Int32, reuseAddress: Bool = false) throws -> (descriptor: Int32, port: UInt16) {
        let descriptor = socket(AF_INET, type, 0)
        guard descriptor >= 0 else { throw TestKitError("socket() failed with errno \(errno)") }
        if reuseAddress {
            var yes: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = address(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard bound == 0, named == 0 else {
            close(descriptor)
            throw TestKitError("bind() or getsockname() failed with errno \(errno)")
        }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    /// The IPv4 address 127.0.0.1:`port`.
    static func address(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    /// Accepts connections until the listener is closed or `isStopped`
    /// holds, serving each on a thread of its own and closing it afterwards.
    static func acceptLoop(_ listener: Int32, isStopped: () -> Bool, serve: @escaping @Sendable (Int32) -> Void) {
        while !isStopped() {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                return
            }
            Thread {
                serve(connection)
                close(connection)
            }.start()
        }
    }

    /// Writes all of `bytes` to `descriptor`; false when the peer is gone.
    static func sendAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Foundation.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }
}
