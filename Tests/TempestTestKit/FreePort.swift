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
        let (descriptor, port) = try LoopbackListener.bound(type: type)
        close(descriptor)
        return port
    }
}
