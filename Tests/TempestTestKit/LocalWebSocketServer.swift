// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation

/// A scripted RFC 6455 WebSocket server on 127.0.0.1 and a free port, for
/// testing WebSocket clients (and the protocols on top of them) against
/// real sockets. Generic WebSocket only: tests script their protocol with
/// `onText` and `send(text:)`.
///
/// Each connection is served on its own thread. The server records every
/// upgrade request and every frame a client sent (unmasked payload, and
/// whether it was masked), answers pings with pongs and a client's close
/// with a close, unless told to go silent. Every wait has a deadline; the
/// server stops when `stop()` is called or the value is released.
public final class LocalWebSocketServer: @unchecked Sendable {
    /// An upgrade request as received.
    public struct Handshake: Sendable {
        /// The request target: path and query.
        public var target: String
        /// The path without the query.
        public var path: String
        /// The query without `?` (empty when none).
        public var query: String
        /// Headers with lower-cased names.
        public var headers: [String: String]
    }

    /// A frame a client sent.
    public struct Frame: Sendable, Equatable {
        /// The opcode (1 text, 2 binary, 8 close, 9 ping, 10 pong, 0 continuation).
        public var opcode: UInt8
        /// FIN.
        public var isFinal: Bool
        /// Whether the client masked it (clients must).
        public var isMasked: Bool
        /// The payload, unmasked.
        public var payload: [UInt8]

        /// The status code of a close frame, nil for none (or another opcode).
        public var closeCode: UInt16? {
            opcode == 8 && payload.count >= 2 ? UInt16(payload[0]) << 8 | UInt16(payload[1]) : nil
        }
    }

    /// The port the server listens on.
    public let port: UInt16
    /// `ws://127.0.0.1:<port>`.
    public var baseURL: String { "ws://127.0.0.1:\(port)" }

    // Threads hold the core, never the server, so releasing the server stops it.
    private let core: Core

    /// Starts listening on a free loopback port.
    public init() throws {
        let (descriptor, port) = try LoopbackListener.open(backlog: 16)
        self.port = port
        let core = Core(listener: descriptor)
        self.core = core
        Thread { core.acceptLoop() }.start()
    }

    deinit { core.stop() }

    /// Stops accepting and closes every connection.
    public func stop() { core.stop() }

    // MARK: Scripting

    /// Answers later upgrades with HTTP `status` (e.g. 401) instead of 101.
    public func refuseUpgrades(status: Int) { core.locked { $0.refusalStatus = status } }

    /// Answers later upgrades with 101 and a wrong `Sec-WebSocket-Accept`.
    public func sendWrongAccept() { core.locked { $0.wrongAccept = true } }

    /// Sends `text` as a text frame in the same write as the 101 answer of
    /// later upgrades (so it arrives together with the answer's head).
    public func greet(with text: String) { core.locked { $0.greeting = text } }

    /// Calls `handler` with every text message a client sends (fragments
    /// joined) and sends what it returns back to that client, in order.
    public func onText(_ handler: @escaping @Sendable (String) -> [String]) { core.locked { $0.textHandler = handler } }

    /// Sends `text` as one text frame to every open connection.
    public func send(text: String) { sendRaw(bytes: Self.frame(opcode: 1, payload: Array(text.utf8))) }

    /// Sends `bytes` as they are to every open connection (for malformed frames).
    public func sendRaw(bytes: [UInt8]) { core.sendToAll(bytes) }

    /// Sends a close frame with `code` to every open connection (the
    /// connection then waits for the client's close).
    public func sendClose(code: UInt16) { sendRaw(bytes: Self.frame(opcode: 8, payload: [UInt8(code >> 8), UInt8(code & 0xFF)])) }

    /// Closes every TCP connection without a close frame.
    public func dropConnections() { core.dropAll() }

    /// Stops answering anything (pings, closes, the text handler) on every
    /// connection, without closing; frames are still read and recorded.
    public func goSilent() { core.locked { $0.silent = true } }

    // MARK: What was received

    /// Every upgrade request so far, oldest first.
    public var handshakes: [Handshake] { core.locked { $0.handshakes } }
    /// Every text message clients sent, oldest first.
    public var receivedTexts: [String] { core.locked { $0.texts } }
    /// Every frame clients sent, oldest first.
    public var receivedFrames: [Frame] { core.locked { $0.frames } }
    /// Connections open now (upgraded and not yet closed).
    public var connectionCount: Int { core.locked { $0.connections.count } }
    /// Connections upgraded since the start.
    public var upgradedConnectionCount: Int { core.locked { $0.upgradedCount } }

    /// Polls every 10 ms until `condition` holds or `timeoutSeconds` pass;
    /// whether it held.
    public func waitFor(timeoutSeconds: Double, _ condition: (LocalWebSocketServer) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        while Date() < deadline {
            if condition(self) { return true }
            usleep(10_000)
        }
        return condition(self)
    }

    /// A server frame as bytes: `opcode` and `payload`, FIN unless
    /// `isFinal` is false, with `reservedBits` (0-7) and a mask when
    /// `maskKey` is given (servers must not mask: for malformed frames).
    public static func frame(opcode: UInt8, payload: [UInt8], isFinal: Bool = true, reservedBits: UInt8 = 0, maskKey: [UInt8]? = nil) -> [UInt8] {
        var bytes: [UInt8] = [(isFinal ? 0x80 : 0) | (reservedBits & 7) << 4 | (opcode & 0x0F)]
        let mask: UInt8 = maskKey == nil ? 0 : 0x80
        if payload.count < 126 {
            bytes.append(mask | UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            bytes += [mask | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            bytes.append(mask | 127)
            bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: payload.count >> ($0 * 8)) }
        }
        guard let maskKey else { return bytes + payload }
        return bytes + maskKey + payload.enumerated().map { $0.element ^ maskKey[$0.offset % 4] }
    }

    /// What the server knows and was told, behind one lock.
    private struct State {
        var refusalStatus: Int?
        var wrongAccept = false
        var greeting: String?
        var silent = false
        var textHandler: (@Sendable (String) -> [String])?
        var handshakes: [Handshake] = []
        var texts: [String] = []
        var frames: [Frame] = []
        var connections: [Int32: Connection] = [:]
        var upgradedCount = 0
        var stopped = false
    }

    /// One upgraded connection: its socket and a lock that keeps frames whole.
    private final class Connection: @unchecked Sendable {
        let descriptor: Int32
        let writeLock = NSLock()
        init(descriptor: Int32) { self.descriptor = descriptor }

        @discardableResult
        func write(_ bytes: [UInt8]) -> Bool {
            writeLock.lock()
            defer { writeLock.unlock() }
            return LoopbackListener.sendAll(descriptor, bytes)
        }
    }

    private final class Core: @unchecked Sendable {
        let listener: Int32
        private let lock = NSLock()
        private var state = State()

        init(listener: Int32) { self.listener = listener }

        func locked<T>(_ body: (inout State) -> T) -> T {
            lock.lock()
            defer { lock.unlock() }
            return body(&state)
        }

        func stop() {
            let (wasStopped, connections) = locked { state -> (Bool, [Connection]) in
                defer { state.stopped = true }
                return (state.stopped, Array(state.connections.values))
            }
            guard !wasStopped else { return }
            // shutdown wakes the threads blocked in accept() and recv().
            shutdown(listener, Int32(SHUT_RDWR))
            close(listener)
            for connection in connections { shutdown(connection.descriptor, Int32(SHUT_RDWR)) }
        }

        func sendToAll(_ bytes: [UInt8]) {
            for connection in locked({ Array($0.connections.values) }) { connection.write(bytes) }
        }

        func dropAll() {
            for connection in locked({ Array($0.connections.values) }) { shutdown(connection.descriptor, Int32(SHUT_RDWR)) }
        }

        func acceptLoop() {
            LoopbackListener.acceptLoop(listener, isStopped: { locked { $0.stopped } }) { [self] descriptor in
                serve(descriptor)
                locked { _ = $0.connections.removeValue(forKey: descriptor) }
            }
        }

        /// Reads with a 0.2 s timeout so the loops below see `stop()` soon.
        private func receive(_ descriptor: Int32, into buffer: inout [UInt8]) -> Bool? {
            var chunk = [UInt8](repeating: 0, count: 16_384)
            let count = recv(descriptor, &chunk, chunk.count, 0)
            if count > 0 {
                buffer += chunk[0..<count]
                return true
            }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return false }
            return nil
        }

        private func serve(_ descriptor: Int32) {
            var timeout = timeval(tv_sec: 0, tv_usec: 200_000)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            let connection = Connection(descriptor: descriptor)
            var buffer: [UInt8] = []
            guard let headEnd = readHead(descriptor, into: &buffer), upgrade(connection, head: Array(buffer[..<headEnd])) else { return }
            buffer.removeFirst(headEnd)
            // Each turn reads for at most 0.2 s; the connection lives until
            // the client or the test ends it, or the server stops.
            while !locked({ $0.stopped }) {
                while let parsed = Self.parseClientFrame(buffer) {
                    buffer.removeFirst(parsed.end)
                    if !handle(parsed.frame, on: connection) { return }
                }
                guard receive(descriptor, into: &buffer) != nil else { return }
            }
        }

        /// Reads the upgrade request's head; where it ends, or nil after 5 s,
        /// 64 KiB or the end of the stream.
        private func readHead(_ descriptor: Int32, into buffer: inout [UInt8]) -> Int? {
            let deadline = Date().addingTimeInterval(5)
            while Date() < deadline, buffer.count < 65_536, !locked({ $0.stopped }) {
                if let range = buffer.firstRange(of: [13, 10, 13, 10]) { return range.upperBound }
                guard receive(descriptor, into: &buffer) != nil else { return nil }
            }
            return nil
        }

        /// Records the request and answers it; whether the connection is upgraded.
        private func upgrade(_ connection: Connection, head: [UInt8]) -> Bool {
            let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
            let requestLine = lines[0].split(separator: " ")
            guard requestLine.count >= 2 else { return false }
            let target = String(requestLine[1])
            let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            var headers: [String: String] = [:]
            for line in lines.dropFirst() where !line.isEmpty {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            let handshake = Handshake(target: target, path: String(parts[0]), query: parts.count > 1 ? String(parts[1]) : "", headers: headers)
            let (refusal, wrongAccept, greeting) = locked { state in
                state.handshakes.append(handshake)
                return (state.refusalStatus, state.wrongAccept, state.greeting)
            }
            if let refusal {
                connection.write(Array("HTTP/1.1 \(refusal) Refused\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
                return false
            }
            guard let key = headers["sec-websocket-key"], let accept = Self.accept(forKey: wrongAccept ? key + "x" : key) else {
                connection.write(Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
                return false
            }
            var answer = Array("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: \(accept)\r\n\r\n".utf8)
            if let greeting { answer += LocalWebSocketServer.frame(opcode: 1, payload: Array(greeting.utf8)) }
            locked { state in
                state.connections[connection.descriptor] = connection
                state.upgradedCount += 1
            }
            return connection.write(answer)
        }

        /// Records `frame` and answers it; false when the connection ends.
        private func handle(_ frame: Frame, on connection: Connection) -> Bool {
            let (silent, handler) = locked { state in
                state.frames.append(frame)
                return (state.silent, state.textHandler)
            }
            guard frame.isMasked else {
                // RFC 6455 section 5.1: a server closes on an unmasked frame.
                if !silent { connection.write(LocalWebSocketServer.frame(opcode: 8, payload: [0x03, 0xEA])) }
                return false
            }
            switch frame.opcode {
            case 1:
                let text = String(decoding: frame.payload, as: UTF8.self)
                locked { $0.texts.append(text) }
                if !silent, let handler {
                    for reply in handler(text) { connection.write(LocalWebSocketServer.frame(opcode: 1, payload: Array(reply.utf8))) }
                }
            case 8:
                if silent { return true }
                connection.write(LocalWebSocketServer.frame(opcode: 8, payload: Array(frame.payload.prefix(2))))
                return false
            case 9:
                if !silent { connection.write(LocalWebSocketServer.frame(opcode: 10, payload: frame.payload)) }
            default:
                break
            }
            return true
        }

        /// A client frame at the start of `buffer` and where it ends, or
        /// nil while incomplete. Fragments are recorded as they come (clients
        /// of this project send whole messages).
        private static func parseClientFrame(_ buffer: [UInt8]) -> (frame: Frame, end: Int)? {
            guard buffer.count >= 2 else { return nil }
            let masked = buffer[1] & 0x80 != 0
            var length = Int(buffer[1] & 0x7F)
            var offset = 2
            if length == 126 {
                guard buffer.count >= 4 else { return nil }
                length = Int(buffer[2]) << 8 | Int(buffer[3])
                offset = 4
            } else if length == 127 {
                guard buffer.count >= 10 else { return nil }
                length = buffer[2..<10].reduce(0) { $0 << 8 | Int($1) }
                offset = 10
            }
            let key = masked ? Array(buffer[offset..<min(offset + 4, buffer.count)]) : []
            offset += key.count
            guard key.count == (masked ? 4 : 0), buffer.count >= offset + length else { return nil }
            let payload = buffer[offset..<offset + length].enumerated().map { masked ? $0.element ^ key[$0.offset % 4] : $0.element }
            return (Frame(opcode: buffer[0] & 0x0F, isFinal: buffer[0] & 0x80 != 0, isMasked: masked, payload: payload), offset + length)
        }

        /// `Sec-WebSocket-Accept` for `key`, computed with OpenSSL's libcrypto
        /// (loaded with dlopen) and Foundation's Base64: independent of the
        /// client's own SHA-1 and Base64. Nil when libcrypto is missing.
        static func accept(forKey key: String) -> String? {
            guard let sha1 = libcryptoSHA1 else { return nil }
            let input = Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8)
            var digest = [UInt8](repeating: 0, count: 20)
            _ = sha1(input, input.count, &digest)
            return Data(digest).base64EncodedString()
        }
    }
}

private typealias SHA1Function = @convention(c) (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UInt8>?) -> UnsafeMutablePointer<UInt8>?

/// libcrypto's one-shot `SHA1` (OpenSSL 3, which Debian's libcurl4 brings).
private let libcryptoSHA1: SHA1Function? = {
    guard let library = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL), let symbol = dlsym(library, "SHA1") else { return nil }
    return unsafeBitCast(symbol, to: SHA1Function.self)
}()
