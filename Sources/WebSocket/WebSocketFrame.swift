// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// One frame of RFC 6455 section 5: the codec for both directions. Frames
/// the client sends are masked; frames from a server must not be.
struct WebSocketFrame: Equatable {
    /// The frame's kind.
    enum Opcode: UInt8 {
        case continuation = 0x0
        case text = 0x1
        case binary = 0x2
        case close = 0x8
        case ping = 0x9
        case pong = 0xA

        /// Close, ping and pong: at most 125 bytes, never fragmented.
        var isControl: Bool { rawValue & 0x8 != 0 }
    }

    /// The close codes this client sends (RFC 6455 section 7.4.1).
    enum CloseCode {
        /// A normal close.
        static let normal: UInt16 = 1000
        /// The peer broke the protocol.
        static let protocolError: UInt16 = 1002
        /// A message longer than this side accepts.
        static let messageTooBig: UInt16 = 1009
    }

    /// The longest payload of a control frame.
    static let maximumControlPayloadBytes = 125

    /// FIN: the last frame of its message.
    var isFinal: Bool
    /// What the frame carries.
    var opcode: Opcode
    /// The payload, unmasked.
    var payload: [UInt8]

    /// The frame as bytes on the wire, masked with `maskKey` (4 bytes) when
    /// given, as every client frame must be.
    func encoded(maskKey: [UInt8]?) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(payload.count + 14)
        bytes.append((isFinal ? 0x80 : 0) | opcode.rawValue)
        let maskBit: UInt8 = maskKey == nil ? 0 : 0x80
        switch payload.count {
        case 0...125:
            bytes.append(maskBit | UInt8(payload.count))
        case 126...0xFFFF:
            bytes.append(maskBit | 126)
            bytes.append(UInt8(payload.count >> 8))
            bytes.append(UInt8(payload.count & 0xFF))
        default:
            bytes.append(maskBit | 127)
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: UInt64(payload.count) >> UInt64(shift))) }
        }
        guard let maskKey else { return bytes + payload }
        bytes.append(contentsOf: maskKey)
        for (index, byte) in payload.enumerated() { bytes.append(byte ^ maskKey[index & 3]) }
        return bytes
    }

    /// A client frame masked with a fresh key from the system's random
    /// source (RFC 6455 section 5.3: unpredictable, new for every frame).
    func encodedWithRandomMask() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        let key: UInt32 = generator.next()
        return encoded(maskKey: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: key >> UInt32($0)) })
    }

    /// The payload of a close frame carrying `code` and no reason.
    static func closePayload(code: UInt16) -> [UInt8] {
        [UInt8(code >> 8), UInt8(code & 0xFF)]
    }

    /// Reads one server frame from `buffer` starting at `start`: the frame
    /// and the index after it, or nil while the frame is incomplete. Throws
    /// `.protocolViolation` for reserved bits, unknown opcodes, masked or
    /// malformed frames, and `.messageTooLarge` as soon as the header
    /// announces a data payload over `maximumDataPayloadBytes`, before any
    /// of it is buffered.
    static func parse(
        _ buffer: [UInt8], from start: Int, maximumDataPayloadBytes: Int
    ) throws(WebSocketError) -> (frame: WebSocketFrame, end: Int)? {
        guard buffer.count - start >= 2 else { return nil }
        let first = buffer[start]
        let second = buffer[start + 1]
        guard first & 0x70 == 0 else { throw .violation("a frame with reserved bits set (no extension was agreed)") }
        guard let opcode = Opcode(rawValue: first & 0x0F) else { throw .violation("a frame with the unknown opcode \(first & 0x0F)") }
        guard second & 0x80 == 0 else { throw .violation("a masked frame (servers must not mask)") }
        let isFinal = first & 0x80 != 0
        var headerBytes = 2
        var length = UInt64(second & 0x7F)
        if length == 126 {
            guard buffer.count - start >= 4 else { return nil }
            length = UInt64(buffer[start + 2]) << 8 | UInt64(buffer[start + 3])
            guard length >= 126 else { throw .violation("a frame length not in its shortest form") }
            headerBytes = 4
        } else if length == 127 {
            guard buffer.count - start >= 10 else { return nil }
            length = (0..<8).reduce(0) { $0 << 8 | UInt64(buffer[start + 2 + $1]) }
            guard length >> 63 == 0 else { throw .violation("a frame length with its top bit set") }
            guard length > 0xFFFF else { throw .violation("a frame length not in its shortest form") }
            headerBytes = 10
        }
        if opcode.isControl {
            guard isFinal else { throw .violation("a fragmented control frame") }
            guard length <= UInt64(maximumControlPayloadBytes) else { throw .violation("a control frame longer than 125 bytes") }
        } else if length > UInt64(max(0, maximumDataPayloadBytes)) {
            throw WebSocketError(.messageTooLarge, "the server sent a message longer than the limit")
        }
        let payloadStart = start + headerBytes
        guard UInt64(buffer.count - payloadStart) >= length else { return nil }
        let end = payloadStart + Int(length)
        return (WebSocketFrame(isFinal: isFinal, opcode: opcode, payload: Array(buffer[payloadStart..<end])), end)
    }
}
