// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import SystemSupport
import Testing

@Suite("IPv4 ADDRESS:PORT")
struct IPv4EndpointTests {
    @Test(
        "a numeric address and a port from 1 to 65535 are read, and written back the same",
        arguments: [
            ("192.168.20.5:50222", UInt32(0xC0A8_1405), UInt16(50222)), ("127.0.0.1:1", 0x7F00_0001, 1),
            ("10.0.0.1:65535", 0x0A00_0001, 65535), ("224.0.0.1:50222", 0xE000_0001, 50222),
        ])
    func parses(text: String, address: UInt32, port: UInt16) throws {
        let endpoint = try IPv4Endpoint(parsing: text)
        #expect(endpoint.address == address)
        #expect(endpoint.port == port)
        #expect(endpoint.description == text)
    }

    @Test(
        "anything else is refused with the reason",
        arguments: [
            ("192.168.20.5", IPv4EndpointError.Code.missingPort), ("", .missingPort),
            ("weewx.lan:50222", .notAnAddress), ("192.168.20:50222", .notAnAddress), ("192.168.020.5:50222", .notAnAddress),
            ("256.1.1.1:50222", .notAnAddress), ("[::1]:50222", .notAnAddress), (" 192.168.20.5:50222", .notAnAddress),
            ("0.0.0.0:50222", .notUnicast), ("255.255.255.255:50222", .notUnicast),
            ("192.168.20.5:", .badPort), ("192.168.20.5:0", .badPort), ("192.168.20.5:65536", .badPort),
            ("192.168.20.5:+5", .badPort), ("192.168.20.5:5 ", .badPort), ("192.168.20.5:0050222", .badPort),
            ("192.168.20.5:99999999999999999999", .badPort),
        ])
    func refuses(text: String, code: IPv4EndpointError.Code) {
        #expect(throws: IPv4EndpointError(code, text: text)) { try IPv4Endpoint(parsing: text) }
    }

    @Test("the error says what is wrong, naming the text")
    func errorWords() {
        let error = IPv4EndpointError(.badPort, text: "192.168.20.5:0")
        #expect(error.description == "\"192.168.20.5:0\": the port is not a whole number from 1 to 65535")
        #expect(IPv4EndpointError(.notAnAddress, text: "x:1").problem.contains("host names are not resolved"))
    }

    @Test("the socket address is in network byte order")
    func socketAddress() throws {
        let address = try IPv4Endpoint(parsing: "192.168.20.5:50222").socketAddress
        #expect(address.sin_family == sa_family_t(AF_INET))
        #expect(address.sin_port == UInt16(50222).bigEndian)
        #expect(address.sin_addr.s_addr == inet_addr("192.168.20.5"))
    }
}
