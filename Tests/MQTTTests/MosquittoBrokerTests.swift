// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Testing
import TempestTestKit

/// The test kit's broker: a restart counts only when this broker came up,
/// so that tests of broker outages never talk to another test's broker.
@Suite("test kit broker")
struct MosquittoBrokerTests {
    /// A listening TCP socket on 127.0.0.1:`port`, standing in for another
    /// process that took the port while the broker was stopped.
    func listen(on port: UInt16) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, Glibc.listen(descriptor, 4) == 0 else {
            close(descriptor)
            throw TestKitError("could not listen on port \(port): errno \(errno)")
        }
        return descriptor
    }

    @Test("a restart whose port another process took fails instead of passing for started")
    func portTakenWhileStopped() throws {
        let broker = try MosquittoBroker()
        broker.stop()
        let other = try listen(on: broker.port)
        defer { close(other) }
        #expect(throws: TestKitError.self) { try broker.start() }
    }

    @Test("a stopped broker starts again on its port")
    func restart() throws {
        let broker = try MosquittoBroker()
        broker.stop()
        try broker.start()
        let result = try ChildProcess.run(
            executable: "/usr/bin/mosquitto_pub",
            arguments: ["-h", "127.0.0.1", "-p", String(broker.port), "-t", "kit/check", "-m", "1"])
        #expect(result.status == 0, "\(result.standardError)")
    }
}
