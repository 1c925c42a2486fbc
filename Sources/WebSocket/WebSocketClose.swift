// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// A close frame's payload (RFC 6455 section 5.5.1): an optional status code
/// and a UTF-8 reason.
struct WebSocketClose: CustomStringConvertible {
    /// The status code, nil when the frame carried none.
    var code: UInt16?
    /// The reason, possibly empty.
    var reason: String

    /// Reads `payload`; throws `.protocolViolation` for a one-byte payload,
    /// a code no endpoint may send, or a reason that is not UTF-8.
    init(payload: [UInt8]) throws(WebSocketError) {
        guard !payload.isEmpty else {
            code = nil
            reason = ""
            return
        }
        guard payload.count >= 2 else { throw .violation("a close frame of one byte") }
        let code = UInt16(payload[0]) << 8 | UInt16(payload[1])
        // 1004-1006 and 1015 are reserved for reports, never sent; 3000-4999 are for applications.
        guard (1000...1003).contains(code) || (1007...1014).contains(code) || (3000...4999).contains(code) else {
            throw .violation("a close frame with the code \(code), which no endpoint may send")
        }
        guard let reason = String(validating: payload[2...], as: UTF8.self) else {
            throw .violation("a close frame whose reason is not valid UTF-8")
        }
        self.code = code
        self.reason = reason
    }

    /// "code 1000: reason", or "no code".
    var description: String {
        guard let code else { return "no code" }
        return reason.isEmpty ? "code \(code)" : "code \(code): \(reason)"
    }
}
