// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import SystemSupport

/// Forwards datagrams, byte for byte, to unicast targets: Home Assistant's
/// own integration, WeeWX or another gateway on a subnet the hub's
/// broadcasts do not reach.
///
/// One non-blocking, unconnected UDP socket serves every target, and the
/// targets' socket addresses are made once, so a datagram costs one
/// `sendto` per target and no allocation. A send never waits: when the
/// socket's buffer is full (EAGAIN) or the kernel refuses (no route), that
/// target's copy is counted as a failure and dropped, and the receive loop
/// goes on. Used by the receive loop's thread alone.
final class DatagramRelay {
    private let socket: Int32
    private let addresses: [sockaddr_in]
    /// What the latest `send` gave for each target: 0 sent, else the errno.
    private var outcomes: [Int32]

    /// Opens the socket the relay sends from.
    static func openSocket() throws(ListenerError) -> Int32 {
        let descriptor = Glibc.socket(
            AF_INET, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .socketFailed("create the relay's UDP socket", errno: errno) }
        return descriptor
    }

    /// A relay sending from `socket` (from ``openSocket()``, which it now
    /// owns and closes) to `targets`.
    init(socket: Int32, targets: [IPv4Endpoint]) {
        self.socket = socket
        self.addresses = targets.map(\.socketAddress)
        self.outcomes = Array(repeating: 0, count: targets.count)
    }

    deinit {
        close(socket)
    }

    /// Sends `datagram` to every target, without waiting.
    func send(_ datagram: UnsafeRawBufferPointer) {
        addresses.withUnsafeBufferPointer { addresses in
            for index in addresses.indices {
                let sent = addresses.baseAddress!.advanced(by: index).withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(
                        socket, datagram.baseAddress, datagram.count, Int32(MSG_DONTWAIT) | Int32(MSG_NOSIGNAL), $0,
                        socklen_t(MemoryLayout<sockaddr_in>.size))
                }
                // A datagram goes whole or not at all; a short count would be EMSGSIZE.
                outcomes[index] = sent == datagram.count ? 0 : (sent < 0 ? errno : EMSGSIZE)
            }
        }
    }

    /// Adds the latest `send`'s outcomes to the targets' counts (in the
    /// same order as the targets the relay was made with).
    func record(into statistics: inout [RelayTargetStatistics]) {
        for index in statistics.indices where index < outcomes.count {
            let outcome = outcomes[index]
            if outcome == 0 {
                statistics[index].datagramsSent += 1
            } else {
                statistics[index].failures += 1
                statistics[index].lastErrorNumber = outcome
            }
        }
    }
}
