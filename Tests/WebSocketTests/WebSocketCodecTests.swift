// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Testing

@testable import WebSocket

/// The pieces without a network: SHA-1, the accept value, the frame codec
/// and the message assembler.
@Suite("WebSocket codec")
struct WebSocketCodecTests {
    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    @Test("SHA-1 matches the FIPS 180 examples, across block boundaries")
    func sha1Vectors() {
        #expect(hex(SHA1.digest(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(hex(SHA1.digest([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(
            hex(SHA1.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        #expect(hex(SHA1.digest([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    @Test("the accept value of RFC 6455's example key")
    func rfcAcceptExample() {
        #expect(WebSocketHandshake.accept(forKey: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    @Test("frames round-trip at every length form, masked the RFC 6455 way")
    func frameLengthsAndMask() throws {
        // RFC 6455 section 5.7: a masked "Hello".
        let hello = WebSocketFrame(isFinal: true, opcode: .text, payload: Array("Hello".utf8))
        #expect(hello.encoded(maskKey: [0x37, 0xFA, 0x21, 0x3D]) == [0x81, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58])
        for length in [0, 125, 126, 65_535, 65_536] {
            let frame = WebSocketFrame(isFinal: length != 126, opcode: .binary, payload: (0..<length).map { UInt8(truncatingIfNeeded: $0) })
            let bytes = frame.encoded(maskKey: nil)
            let parsed = try #require(try WebSocketFrame.parse(bytes, from: 0, maximumDataPayloadBytes: 1 << 20))
            #expect(parsed.frame == frame && parsed.end == bytes.count)
            #expect(try WebSocketFrame.parse(Array(bytes.dropLast()), from: 0, maximumDataPayloadBytes: 1 << 20) == nil)
        }
    }

    @Test("a frame announcing more than the bound is refused from its header alone")
    func overLongFrameRefusedEarly() {
        // 2^62 bytes announced, none sent: nothing may be allocated for it.
        let header: [UInt8] = [0x82, 127, 0x40, 0, 0, 0, 0, 0, 0, 0]
        #expect(throws: WebSocketError(.messageTooLarge, "the server sent a message longer than the limit")) {
            _ = try WebSocketFrame.parse(header, from: 0, maximumDataPayloadBytes: 1_024)
        }
    }

    @Test("reserved bits, unknown opcodes, masks, long or fragmented control frames are violations")
    func malformedFrames() {
        let cases: [[UInt8]] = [
            [0xC1, 0x00],  // RSV1
            [0x83, 0x00],  // opcode 3
            [0x81, 0x80, 1, 2, 3, 4],  // masked
            [0x89, 126, 0, 126] + [UInt8](repeating: 0, count: 126),  // ping of 126 bytes
            [0x09, 0x00],  // fragmented ping
        ]
        for bytes in cases {
            #expect(throws: WebSocketError.self) { _ = try WebSocketFrame.parse(bytes, from: 0, maximumDataPayloadBytes: 1_024) }
            #expect((try? WebSocketFrame.parse(bytes, from: 0, maximumDataPayloadBytes: 1_024)) == nil)
            do {
                _ = try WebSocketFrame.parse(bytes, from: 0, maximumDataPayloadBytes: 1_024)
            } catch {
                #expect(error.code == .protocolViolation)
            }
        }
    }

    @Test("fragments are joined; bad UTF-8 and stray continuations are violations")
    func assembly() throws {
        var assembler = WebSocketMessageAssembler(maximumMessageBytes: 10)
        #expect(try assembler.add(WebSocketFrame(isFinal: false, opcode: .text, payload: Array("hé".utf8))) == nil)
        #expect(try assembler.add(WebSocketFrame(isFinal: true, opcode: .continuation, payload: Array("llo".utf8))) == .text("héllo"))
        #expect(assembler.remainingBytes == 10)
        #expect(throws: WebSocketError.self) {
            _ = try assembler.add(WebSocketFrame(isFinal: true, opcode: .continuation, payload: []))
        }
        var other = WebSocketMessageAssembler(maximumMessageBytes: 10)
        #expect(throws: WebSocketError.self) { _ = try other.add(WebSocketFrame(isFinal: true, opcode: .text, payload: [0xC3])) }
        var bounded = WebSocketMessageAssembler(maximumMessageBytes: 4)
        _ = try bounded.add(WebSocketFrame(isFinal: false, opcode: .binary, payload: [1, 2, 3]))
        #expect(bounded.remainingBytes == 1)
        do {
            _ = try bounded.add(WebSocketFrame(isFinal: true, opcode: .continuation, payload: [4, 5]))
            Issue.record("a joined message over the bound was accepted")
        } catch {
            #expect(error.code == .messageTooLarge)
        }
    }

    @Test("URLs map to libcurl's schemes; the token never reaches a message")
    func urls() throws {
        let url = try WebSocketURL("wss://ws.example.com/swd/data?token=s3cret#part")
        #expect(url.connectURL == "https://ws.example.com")
        #expect(url.hostHeader == "ws.example.com")
        #expect(url.target == "/swd/data?token=s3cret")
        #expect(!url.redacted.contains("s3cret"))
        #expect(url.scrubbed("failed for /swd/data?token=s3cret") == "failed for /swd/data?<redacted>")
        let plain = try WebSocketURL("ws://127.0.0.1:8080")
        #expect(plain.connectURL == "http://127.0.0.1:8080" && plain.target == "/" && plain.hostHeader == "127.0.0.1:8080")
        do {
            _ = try WebSocketURL("https://example.com/?token=s3cret")
            Issue.record("an https URL was accepted")
        } catch {
            #expect(error.code == .connectFailed && !error.description.contains("s3cret"))
        }
    }
}
