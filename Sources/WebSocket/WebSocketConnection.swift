// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import CVersion
import Glibc
import Synchronization
import SystemSupport

/// A WebSocket client connection (RFC 6455) over a TCP or TLS connection
/// that libcurl makes in connect-only mode: libcurl resolves, connects and
/// verifies the server's certificate; this type speaks the upgrade and the
/// frames itself (Debian 12's libcurl has no WebSocket support).
///
/// What it supports: text and binary messages, fragmented messages joined up
/// to `maximumMessageBytes`, pings answered, the close handshake. What it
/// does not: extensions (permessage-deflate), subprotocols, or proxies other
/// than what libcurl's connect-only mode does with its usual proxy variables
/// (a CONNECT tunnel).
///
/// Threads: one thread receives; `send(text:)` and `ping()` may come from
/// any thread; `close()` from any thread, also while another is blocked in
/// `receive`. Every libcurl call runs under one lock, held only while bytes
/// move, never while waiting for the socket. `receive` waits with `poll()`
/// in slices of at most 0.5 s and checks between slices whether `close()`
/// was called, so a blocked `receive` ends (throwing `.ioFailed`, "closed by
/// this side") within about 0.5 s of it. After any error but a timeout the
/// connection is finished: every later call throws the same error.
public final class WebSocketConnection: WebSocketChannel, @unchecked Sendable {
    /// The longest single wait in `poll()` before `receive` checks for `close()`.
    static let pollSliceSeconds = 0.5
    /// How long one frame may take to write before the connection counts as broken.
    static let writeTimeoutSeconds = 10.0
    /// How long `close()` waits for the server's close frame.
    static let closeWaitSeconds = 2.0
    /// How much one read takes from libcurl at most.
    static let readChunkBytes = 16 * 1_024

    /// What one step of reading found.
    private enum Step {
        case message(WebSocketMessage)
        case wouldBlock
        case busy
    }

    private let socket: Int32
    private let redactedURL: String
    private let maximumMessageBytes: Int
    private let isClosing = Atomic<Bool>(false)
    // Everything below is touched only under `lock`.
    private let lock = Mutex(())
    private var stream: CurlStream?
    private var inbound: [UInt8]
    private var inboundStart = 0
    private var assembler: WebSocketMessageAssembler
    private var failure: WebSocketError?
    private var closeSent = false

    private init(stream: CurlStream, leftover: [UInt8], redactedURL: String, maximumMessageBytes: Int) {
        self.stream = stream
        socket = stream.socket
        inbound = leftover
        self.redactedURL = redactedURL
        self.maximumMessageBytes = maximumMessageBytes
        assembler = WebSocketMessageAssembler(maximumMessageBytes: maximumMessageBytes)
    }

    /// Connects to `url` (`ws://` or `wss://`) and runs the upgrade, all
    /// within `options.connectTimeoutSeconds`. Throws `.connectFailed`,
    /// `.tlsFailed` or `.handshakeRefused(status:)`; no message contains the
    /// URL's query (where the token travels).
    public static func open(url: String, options: WebSocketOptions) throws(WebSocketError) -> WebSocketConnection {
        let parsed = try WebSocketURL(url)
        let deadline = MonotonicClock.seconds() + options.connectTimeoutSeconds
        // Released by its deinit if the upgrade throws.
        let stream = try CurlStream.connect(to: parsed, options: options)
        let leftover = try upgrade(stream, url: parsed, deadline: deadline)
        return WebSocketConnection(
            stream: stream, leftover: leftover, redactedURL: parsed.redacted, maximumMessageBytes: options.maximumMessageBytes)
    }

    /// Sends the upgrade request and checks the answer; the bytes that came
    /// after the answer's head (the start of the first frames).
    private static func upgrade(_ stream: CurlStream, url: WebSocketURL, deadline: Double) throws(WebSocketError) -> [UInt8] {
        let handshake = WebSocketHandshake.random()
        let userAgent = "tempest-gateway/" + String(cString: tempest_gateway_version())
        var buffer: [UInt8] = []
        do throws(WebSocketError) {
            try stream.write(handshake.request(for: url, userAgent: userAgent), deadline: deadline)
            // Each turn reads bytes (at most the head's bound in all) or waits
            // until the deadline.
            while true {
                if let end = WebSocketHandshake.headEnd(in: buffer) {
                    try handshake.verify(responseHead: buffer[..<end], redactedURL: url.redacted)
                    return Array(buffer[end...])
                }
                guard buffer.count < WebSocketHandshake.maximumResponseHeadBytes else {
                    throw WebSocketError(.handshakeRefused(status: 0), "\(url.redacted) answered the WebSocket upgrade with an over-long head")
                }
                switch try stream.read(into: &buffer, maximumBytes: 4_096) {
                case .bytes: continue
                case .endOfStream:
                    throw WebSocketError(.handshakeRefused(status: 0), "\(url.redacted) closed the connection without answering the WebSocket upgrade")
                case .wouldBlock:
                    let remaining = deadline - MonotonicClock.seconds()
                    guard remaining > 0 else {
                        throw WebSocketError(.connectFailed, "\(url.redacted) did not answer the WebSocket upgrade in time")
                    }
                    _ = CurlStream.wait(for: stream.socket, events: Int16(POLLIN), seconds: remaining)
                }
            }
        } catch where error.code == .ioFailed {
            throw WebSocketError(.connectFailed, "the WebSocket upgrade of \(url.redacted) failed: \(error.message)")
        }
    }

    /// Sends one text message in one masked frame.
    public func send(text: String) throws(WebSocketError) {
        try write(.text, payload: Array(text.utf8))
    }

    /// Sends an empty ping; `receive` consumes the pong.
    public func ping() throws(WebSocketError) {
        try write(.ping, payload: [])
    }

    private func write(_ opcode: WebSocketFrame.Opcode, payload: [UInt8]) throws(WebSocketError) {
        guard !isClosing.load(ordering: .acquiring) else { throw .closedLocally }
        try lock.withLock { _ throws(WebSocketError) in
            try finishing { () throws(WebSocketError) in try writeFrame(opcode, payload: payload) }
        }
    }

    /// The next data message, or nil when none completed within
    /// `timeoutSeconds`; a partial frame or message stays buffered for the
    /// next call. Pings are answered and pongs dropped on the way.
    public func receive(timeoutSeconds: Double) throws(WebSocketError) -> WebSocketMessage? {
        let deadline = MonotonicClock.seconds() + max(0, timeoutSeconds)
        // Each turn moves bytes, or waits at most a slice until the deadline.
        while true {
            guard !isClosing.load(ordering: .acquiring) else { throw .closedLocally }
            let step = try lock.withLock { _ throws(WebSocketError) -> Step in
                try finishing { () throws(WebSocketError) in try advance() }
            }
            let remaining = deadline - MonotonicClock.seconds()
            switch step {
            case .message(let message): return message
            case .busy: if remaining <= 0 { return nil }
            case .wouldBlock:
                guard remaining > 0 else { return nil }
                _ = CurlStream.wait(for: socket, events: Int16(POLLIN), seconds: min(remaining, Self.pollSliceSeconds))
            }
        }
    }

    /// Runs the close handshake: sends close 1000, waits at most
    /// `closeWaitSeconds` for the server's close, then releases the
    /// connection. Returns at once when called again or after an error.
    public func close() {
        guard !isClosing.exchange(true, ordering: .acquiringAndReleasing) else { return }
        lock.withLock { _ in closeHandshake() }
    }

    // MARK: Under the lock

    /// Reads and handles frames until a message completes or the socket has
    /// nothing more (bounded in turns, so a flood cannot hold the lock).
    private func advance() throws(WebSocketError) -> Step {
        if let failure { throw failure }
        guard let stream else { throw .closedLocally }
        for _ in 0..<64 {
            if let parsed = try WebSocketFrame.parse(inbound, from: inboundStart, maximumDataPayloadBytes: assembler.remainingBytes) {
                consumeInbound(upTo: parsed.end)
                if let message = try handle(parsed.frame) { return .message(message) }
                continue
            }
            switch try stream.read(into: &inbound, maximumBytes: Self.readChunkBytes) {
            case .bytes: continue
            case .wouldBlock: return .wouldBlock
            case .endOfStream:
                throw WebSocketError(.closedByPeer, "\(redactedURL) ended the connection without a close frame")
            }
        }
        return .busy
    }

    private func handle(_ frame: WebSocketFrame) throws(WebSocketError) -> WebSocketMessage? {
        switch frame.opcode {
        case .ping:
            try writeFrame(.pong, payload: frame.payload)
            return nil
        case .pong:
            return nil
        case .close:
            let close = try WebSocketClose(payload: frame.payload)
            // Echo the code (RFC 6455 section 5.5.1); best effort, as the server is leaving anyway.
            closeSent = true
            try? writeFrame(.close, payload: close.code.map(WebSocketFrame.closePayload(code:)) ?? [])
            throw WebSocketError(.closedByPeer, "\(redactedURL) closed the WebSocket (\(close))")
        case .text, .binary, .continuation:
            return try assembler.add(frame)
        }
    }

    private func writeFrame(_ opcode: WebSocketFrame.Opcode, payload: [UInt8]) throws(WebSocketError) {
        if let failure { throw failure }
        guard let stream else { throw .closedLocally }
        let frame = WebSocketFrame(isFinal: true, opcode: opcode, payload: payload)
        try stream.write(frame.encodedWithRandomMask(), deadline: MonotonicClock.seconds() + Self.writeTimeoutSeconds)
    }

    /// Runs `body`; any error it throws finishes the connection (`fail`).
    private func finishing<Result>(_ body: () throws(WebSocketError) -> Result) throws(WebSocketError) -> Result {
        do {
            return try body()
        } catch {
            throw fail(error)
        }
    }

    /// Records `error` as the connection's end (the first one stays), sends
    /// the close code it calls for (1002 for a protocol violation, 1009 for
    /// a message too large; best effort, at most a second), and releases the
    /// connection. Returns the error to throw.
    private func fail(_ error: WebSocketError) -> WebSocketError {
        if let failure { return failure }
        failure = error
        let code: UInt16? =
            switch error.code {
            case .protocolViolation: WebSocketFrame.CloseCode.protocolError
            case .messageTooLarge: WebSocketFrame.CloseCode.messageTooBig
            default: nil
            }
        if let code, !closeSent, let stream {
            closeSent = true
            let frame = WebSocketFrame(isFinal: true, opcode: .close, payload: WebSocketFrame.closePayload(code: code))
            try? stream.write(frame.encodedWithRandomMask(), deadline: MonotonicClock.seconds() + 1)
        }
        stream?.release()
        stream = nil
        return error
    }

    private func closeHandshake() {
        defer {
            stream?.release()
            stream = nil
            if failure == nil { failure = .closedLocally }
        }
        guard failure == nil, let stream else { return }
        let deadline = MonotonicClock.seconds() + Self.closeWaitSeconds
        let frame = WebSocketFrame(isFinal: true, opcode: .close, payload: WebSocketFrame.closePayload(code: WebSocketFrame.CloseCode.normal))
        do throws(WebSocketError) {
            closeSent = true
            try stream.write(frame.encodedWithRandomMask(), deadline: deadline)
            // Each turn drops a frame, reads bytes or waits a little, until the deadline.
            for _ in 0..<10_000 {
                if let parsed = try WebSocketFrame.parse(inbound, from: inboundStart, maximumDataPayloadBytes: maximumMessageBytes) {
                    consumeInbound(upTo: parsed.end)
                    if parsed.frame.opcode == .close { return }
                    continue
                }
                switch try stream.read(into: &inbound, maximumBytes: Self.readChunkBytes) {
                case .bytes: continue
                case .endOfStream: return
                case .wouldBlock:
                    let remaining = deadline - MonotonicClock.seconds()
                    guard remaining > 0 else { return }
                    _ = CurlStream.wait(for: socket, events: Int16(POLLIN), seconds: min(remaining, 0.1))
                }
            }
        } catch {
            // The connection is released either way.
        }
    }

    /// Drops the bytes before `end` once nothing refers to them.
    private func consumeInbound(upTo end: Int) {
        inboundStart = end
        if inboundStart == inbound.count {
            inbound.removeAll(keepingCapacity: inbound.capacity <= Self.readChunkBytes * 4)
            inboundStart = 0
        } else if inboundStart >= Self.readChunkBytes {
            inbound.removeFirst(inboundStart)
            inboundStart = 0
        }
    }
}
