// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation

/// A socket listening on a given 127.0.0.1 port, standing in for another
/// process that took the port while a test's server was stopped. Closed when
/// released.
public final class OccupiedPort: @unchecked Sendable {
    /// The port held.
    public let port: UInt16
    private let descriptor: Int32

    /// Listens on 127.0.0.1:`port`; throws when that is not possible.
    public init(_ port: UInt16) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw TestKitError("socket() failed with errno \(errno)") }
        self.port = port
        // Connections to the stopped server may leave the port in TIME_WAIT.
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = LoopbackListener.address(port: port)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 4) == 0 else {
            let error = errno
            close(descriptor)
            throw TestKitError("could not listen on 127.0.0.1:\(port): errno \(error)")
        }
    }

    deinit {
        close(descriptor)
    }
}
