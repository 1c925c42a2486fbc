// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc

/// A numeric IPv4 address and a port, written `ADDRESS:PORT`
/// (`192.168.20.5:50222`): where the relay forwards datagrams.
///
/// Numeric only, on purpose: a host name would need a resolver, and one
/// resolved once at start goes stale when the name moves, while one resolved
/// per datagram would put DNS on the receive thread.
public struct IPv4Endpoint: Sendable, Hashable, CustomStringConvertible {
    /// The address, host byte order.
    public let address: UInt32
    /// The port, 1 to 65535.
    public let port: UInt16

    /// The endpoint at `address` (host byte order) and `port`.
    public init(address: UInt32, port: UInt16) {
        self.address = address
        self.port = port
    }

    /// Reads `ADDRESS:PORT`: a dotted quad (no host names, no leading
    /// zeros) that can be sent to (not 0.0.0.0 nor 255.255.255.255), a
    /// colon, and a port from 1 to 65535 in digits.
    public init(parsing text: String) throws(IPv4EndpointError) {
        guard let colon = text.lastIndex(of: ":") else { throw IPv4EndpointError(.missingPort, text: text) }
        let addressText = String(text[..<colon])
        let portText = text[text.index(after: colon)...]
        var parsed = in_addr()
        guard inet_pton(AF_INET, addressText, &parsed) == 1 else { throw IPv4EndpointError(.notAnAddress, text: text) }
        let address = UInt32(bigEndian: parsed.s_addr)
        guard address != 0, address != UInt32.max else { throw IPv4EndpointError(.notUnicast, text: text) }
        guard !portText.isEmpty, portText.count <= 5, portText.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let port = UInt32(portText), (1...65_535).contains(port)
        else { throw IPv4EndpointError(.badPort, text: text) }
        self.init(address: address, port: UInt16(port))
    }

    /// `ADDRESS:PORT`, as parsed.
    public var description: String {
        "\(address >> 24).\((address >> 16) & 0xFF).\((address >> 8) & 0xFF).\(address & 0xFF):\(port)"
    }

    /// The endpoint as the socket calls take it (network byte order).
    public var socketAddress: sockaddr_in {
        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_port = port.bigEndian
        socketAddress.sin_addr.s_addr = address.bigEndian
        return socketAddress
    }
}
