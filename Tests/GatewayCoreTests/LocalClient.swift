// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import GatewayCore
import GatewayStatus
import Glibc
import TempestTestKit

/// A raw client of the status socket or the metrics endpoint, for tests
/// that need idle, slow or many connections (curl cannot be idle).
struct LocalClient {
    let descriptor: Int32

    /// Connects to 127.0.0.1:`port`.
    static func tcp(port: UInt16) throws -> LocalClient {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return try connected(family: AF_INET, to: &address, named: "127.0.0.1:\(port)")
    }

    /// Connects to the Unix socket at `path`.
    static func unix(path: String) throws -> LocalClient {
        var address = StatusServer.address(path)
        return try connected(family: AF_UNIX, to: &address, named: path)
    }

    private static func connected<Address>(family: Int32, to address: inout Address, named name: String) throws -> LocalClient {
        let descriptor = socket(family, Int32(SOCK_STREAM.rawValue), 0)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<Address>.size)) }
        }
        guard result == 0 else {
            Glibc.close(descriptor)
            throw TestKitError("cannot connect to \(name): errno \(errno)")
        }
        return LocalClient(descriptor: descriptor)
    }

    /// Sends `text`; false when the server closed the connection.
    @discardableResult
    func send(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == text.utf8.count
    }

    /// Everything the server sends until it closes the connection, waiting
    /// at most `timeoutSeconds` for each piece (a bounded wait: the text so
    /// far when it passes).
    func receiveAll(timeoutSeconds: Double) -> String {
        var timeout = timeval(tv_sec: Int(timeoutSeconds), tv_usec: Int((timeoutSeconds.truncatingRemainder(dividingBy: 1)) * 1_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        for _ in 0..<1_000 {
            let count = recv(descriptor, &chunk, chunk.count, 0)
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether the server closed the connection (or sent something), not
    /// waiting.
    var serverActed: Bool {
        var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&watched, 1, 0) > 0
    }

    /// Whether the server closed the connection within `seconds` (a bounded wait).
    func serverClosed(withinSeconds seconds: Double) -> Bool {
        var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&watched, 1, Int32(seconds * 1_000)) > 0 else { return false }
        var byte: UInt8 = 0
        return recv(descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) <= 0
    }

    func close() {
        _ = Glibc.close(descriptor)
    }
}
