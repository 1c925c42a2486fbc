// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import GatewayCore
import TempestTestKit

extension LocalClient {
    /// What the server sent until `marker` arrived, the server closed the
    /// connection, or `timeoutSeconds` passed (a bounded wait).
    func receive(until marker: String, timeoutSeconds: Double) -> String {
        let deadline = Self.nowNanoseconds() + UInt64(timeoutSeconds * 1_000_000_000)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        for _ in 0..<10_000 {
            let now = Self.nowNanoseconds()
            guard now < deadline else { break }
            var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&watched, 1, Int32((deadline - now) / 1_000_000 + 1)) > 0 else { break }
            let count = recv(descriptor, &chunk, chunk.count, Int32(MSG_DONTWAIT))
            if count <= 0 { break }
            bytes += chunk[0..<count]
            if String(decoding: bytes, as: UTF8.self).contains(marker) { break }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Reads and forgets everything until the server closes the connection:
    /// true when it did within `timeoutSeconds`, false when it still sends
    /// or waits (a bounded wait).
    func readsToClose(withinSeconds timeoutSeconds: Double) -> Bool {
        let deadline = Self.nowNanoseconds() + UInt64(timeoutSeconds * 1_000_000_000)
        var chunk = [UInt8](repeating: 0, count: 65_536)
        for _ in 0..<100_000 {
            let now = Self.nowNanoseconds()
            guard now < deadline else { return false }
            var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&watched, 1, Int32((deadline - now) / 1_000_000 + 1)) > 0 else { return false }
            let count = recv(descriptor, &chunk, chunk.count, Int32(MSG_DONTWAIT))
            if count == 0 || (count < 0 && errno == ECONNRESET) { return true }
        }
        return false
    }

    /// Shrinks the socket's receive buffer, so that a client that stops
    /// reading soon leaves the server's bytes unsent.
    func shrinkReceiveBuffer(toBytes bytes: Int32) {
        var size = bytes
        setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }

    private static func nowNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
