// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation

/// A UDP socket on 127.0.0.1 and a port the kernel picks, collecting the
/// datagrams sent to it exactly as they arrive: a relay target in tests.
public final class UDPReceiver: @unchecked Sendable {
    private let descriptor: Int32
    /// The port it listens on.
    public let port: UInt16

    /// Binds 127.0.0.1 and a free port.
    public init() throws {
        (descriptor, port) = try LoopbackListener.bound(type: Int32(SOCK_DGRAM.rawValue))
    }

    deinit {
        close(descriptor)
    }

    /// `127.0.0.1:PORT`, as a relay target is written.
    public var target: String { "127.0.0.1:\(port)" }

    /// The datagrams that arrive, in order, until `count` have or
    /// `timeoutSeconds` pass; then any more that arrive within
    /// `quietSeconds`, so that a test sees extras too (at most `count` + 100
    /// in all).
    public func receive(count: Int, timeoutSeconds: Double, quietSeconds: Double = 0.3) -> [[UInt8]] {
        var datagrams: [[UInt8]] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        var quietUntil: Date?
        while datagrams.count < count + 100 {
            let until = quietUntil ?? deadline
            let remaining = until.timeIntervalSinceNow
            guard remaining > 0 else { break }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(max(1, remaining * 1_000)))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            let length = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard length >= 0 else { continue }
            datagrams.append(Array(buffer[0..<length]))
            if datagrams.count >= count && quietUntil == nil { quietUntil = Date().addingTimeInterval(quietSeconds) }
        }
        return datagrams
    }
}
