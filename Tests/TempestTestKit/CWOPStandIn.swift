// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc

/// An APRS-IS server stand-in on 127.0.0.1 and a free port, for testing
/// the CWOP upload against a real socket. It serves one connection at a
/// time on a thread of its own: sends `# aprsc stand-in`, reads the login
/// line, answers `# logresp CALL unverified, server STANDIN` (`verified`
/// when the passcode is `verifiedPasscode`), reads one packet line, records
/// both and closes.
///
/// Every wait has a deadline (`readTimeoutSeconds` per line, polled in
/// 50 ms steps that also look for `stop()`); the server stops when `stop()`
/// is called or the value is released.
public final class CWOPStandIn: Sendable {
    /// How the stand-in treats a connection.
    public enum Mode: Sendable {
        /// The whole exchange.
        case accept
        /// Closes the connection right after accepting it, saying nothing.
        case refuse
        /// Accepts and never sends a byte (until the client leaves or the
        /// stand-in stops).
        case neverAnswer
    }

    /// One exchange as received.
    public struct Session: Sendable, Equatable {
        /// The login line, without its line end.
        public var loginLine: String
        /// The packet line, without its line end (nil when the client sent none).
        public var packetLine: String?
    }

    /// The port it listens on.
    public let port: UInt16
    /// `127.0.0.1:<port>`, as a CWOP destination's server.
    public var server: String { "127.0.0.1:\(port)" }

    private let core: Core

    /// Starts listening in `mode`; a login whose passcode is
    /// `verifiedPasscode` is answered `verified`.
    public init(mode: Mode = .accept, verifiedPasscode: String? = nil, readTimeoutSeconds: Double = 5) throws {
        let (descriptor, port) = try LoopbackListener.open(backlog: 8)
        self.port = port
        let core = Core(listener: descriptor, mode: mode, verifiedPasscode: verifiedPasscode, readTimeoutSeconds: readTimeoutSeconds)
        self.core = core
        var thread = pthread_t()
        let context = Unmanaged.passRetained(core).toOpaque()
        let status = pthread_create(&thread, nil, { argument in
            let core = Unmanaged<Core>.fromOpaque(argument!).takeRetainedValue()
            core.serve()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<Core>.fromOpaque(context).release()
            close(descriptor)
            throw TestKitError("pthread_create failed with \(status)")
        }
        core.thread.withLock { $0 = thread }
    }

    deinit { stop() }

    /// Stops accepting, ends the connection being served and waits for the
    /// server thread to end.
    public func stop() { core.stop() }

    /// Every exchange so far, oldest first.
    public var sessions: [Session] { core.sessions.value }
    /// Connections accepted so far.
    public var acceptedCount: Int { core.accepted.value }

    /// Polls every 10 ms until `count` sessions have a packet line or
    /// `timeoutSeconds` pass; whether they did.
    public func waitForPackets(count: Int = 1, timeoutSeconds: Double) -> Bool {
        let deadline = Core.now() + timeoutSeconds
        while Core.now() < deadline {
            if sessions.filter({ $0.packetLine != nil }).count >= count { return true }
            usleep(10_000)
        }
        return sessions.filter({ $0.packetLine != nil }).count >= count
    }

    /// The listener's state, shared with its thread (which holds this, not
    /// the stand-in, so releasing the stand-in stops it).
    private final class Core: Sendable {
        let listener: Int32
        let mode: Mode
        let verifiedPasscode: String?
        let readTimeoutSeconds: Double
        let stopped = Locked(false)
        let sessions = Locked<[Session]>([])
        let accepted = Locked(0)
        let thread = Locked<pthread_t?>(nil)

        init(listener: Int32, mode: Mode, verifiedPasscode: String?, readTimeoutSeconds: Double) {
            self.listener = listener
            self.mode = mode
            self.verifiedPasscode = verifiedPasscode
            self.readTimeoutSeconds = readTimeoutSeconds
        }

        static func now() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_MONOTONIC, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }

        /// Sets the flag the loops look at, then joins the thread (once).
        func stop() {
            stopped.withLock { $0 = true }
            let thread = self.thread.withLock { current -> pthread_t? in
                defer { current = nil }
                return current
            }
            guard let thread, !pthread_equal(thread, pthread_self()).isTrue else { return }
            pthread_join(thread, nil)
        }

        /// Accepts and serves connections one after another until stopped.
        func serve() {
            defer { close(listener) }
            while !stopped.value {
                guard waitReadable(listener, until: Self.now() + 0.05) else { continue }
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { continue }
                accepted.withLock { $0 += 1 }
                defer { close(connection) }
                switch mode {
                case .refuse: continue
                case .neverAnswer: drain(connection)
                case .accept: exchange(connection)
                }
            }
        }

        /// The whole exchange on `connection`.
        func exchange(_ connection: Int32) {
            guard sendAll(connection, "# aprsc stand-in\r\n") else { return }
            var buffer: [UInt8] = []
            guard let login = readLine(connection, &buffer) else { return }
            let words = login.split(separator: " ")
            let callsign = words.count > 1 ? String(words[1]) : "?"
            let passcode = words.count > 3 ? String(words[3]) : ""
            let verdict = verifiedPasscode != nil && passcode == verifiedPasscode ? "verified" : "unverified"
            let index = sessions.withLock { sessions -> Int in
                sessions.append(Session(loginLine: login, packetLine: nil))
                return sessions.count - 1
            }
            guard sendAll(connection, "# logresp \(callsign) \(verdict), server STANDIN\r\n") else { return }
            guard let packet = readLine(connection, &buffer) else { return }
            sessions.withLock { $0[index].packetLine = packet }
        }

        /// Reads and drops what arrives until the client leaves, the
        /// stand-in stops or a minute passes.
        func drain(_ connection: Int32) {
            let deadline = Self.now() + 60
            var chunk = [UInt8](repeating: 0, count: 512)
            while !stopped.value && Self.now() < deadline {
                guard waitReadable(connection, until: Self.now() + 0.05) else { continue }
                if chunk.withUnsafeMutableBytes({ recv(connection, $0.baseAddress, $0.count, 0) }) <= 0 { return }
            }
        }

        /// One line without its line end; nil when the client left, the
        /// stand-in stopped or `readTimeoutSeconds` passed.
        func readLine(_ connection: Int32, _ buffer: inout [UInt8]) -> String? {
            let deadline = Self.now() + readTimeoutSeconds
            var chunk = [UInt8](repeating: 0, count: 512)
            while true {
                if let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    var line = Array(buffer[..<end])
                    buffer.removeSubrange(...end)
                    if line.last == UInt8(ascii: "\r") { line.removeLast() }
                    return String(decoding: line, as: UTF8.self)
                }
                guard !stopped.value, Self.now() < deadline, buffer.count < 4_096 else { return nil }
                guard waitReadable(connection, until: min(deadline, Self.now() + 0.05)) else { continue }
                let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
                if count <= 0 { return nil }
                buffer += chunk[..<count]
            }
        }

        /// Whether `descriptor` has something to read before `deadline`.
        func waitReadable(_ descriptor: Int32, until deadline: Double) -> Bool {
            var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = max(Int32((deadline - Self.now()) * 1_000), 0)
            return poll(&watched, 1, milliseconds) > 0
        }

        /// Writes `text` whole; false when the client is gone.
        func sendAll(_ descriptor: Int32, _ text: String) -> Bool {
            LoopbackListener.sendAll(descriptor, Array(text.utf8))
        }
    }
}

extension Int32 {
    fileprivate var isTrue: Bool { self != 0 }
}
