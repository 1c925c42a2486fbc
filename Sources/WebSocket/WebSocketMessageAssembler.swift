// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Joins the data frames of a fragmented message (RFC 6455 section 5.4)
/// and checks the result: the joined length stays within the bound, and
/// text is valid UTF-8.
struct WebSocketMessageAssembler {
    /// The longest message accepted, fragments joined.
    let maximumMessageBytes: Int
    private var opcode: WebSocketFrame.Opcode?
    private var bytes: [UInt8] = []

    /// An assembler accepting messages up to `maximumMessageBytes`.
    init(maximumMessageBytes: Int) {
        self.maximumMessageBytes = maximumMessageBytes
    }

    /// How many more payload bytes the message under way may take: the
    /// bound handed to the frame parser, so an over-long frame is refused
    /// from its header.
    var remainingBytes: Int { maximumMessageBytes - bytes.count }

    /// Adds a data frame (text, binary or continuation); the message when
    /// the frame completes one.
    mutating func add(_ frame: WebSocketFrame) throws(WebSocketError) -> WebSocketMessage? {
        switch frame.opcode {
        case .continuation:
            guard opcode != nil else { throw .violation("a continuation frame with no message under way") }
        case .text, .binary:
            guard opcode == nil else { throw .violation("a new message before the previous one's last fragment") }
            opcode = frame.opcode
        case .close, .ping, .pong:
            preconditionFailure("control frames are not assembled")
        }
        guard frame.payload.count <= remainingBytes else {
            throw WebSocketError(.messageTooLarge, "the server sent a message longer than \(maximumMessageBytes) bytes")
        }
        bytes.append(contentsOf: frame.payload)
        guard frame.isFinal, let kind = opcode else { return nil }
        let payload = bytes
        bytes = []
        opcode = nil
        if kind == .binary { return .binary(payload) }
        guard let text = String(validating: payload, as: UTF8.self) else { throw .violation("a text message that is not valid UTF-8") }
        return .text(text)
    }

}
