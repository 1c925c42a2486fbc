// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import Synchronization
import SystemSupport

/// One TCP connection to an APRS-IS server, line by line, where every wait
/// has a deadline: a non-blocking socket and poll(2). It blocks its caller
/// (up to the deadline), so it runs on a thread of its own
/// (`CWOPProtocol.send`), never on Swift's cooperative pool.
///
/// Waits are cut into slices of at most 100 ms, and `cancellation` is
/// looked at between them: a stopping gateway does not wait out a
/// 10-second timeout. Every failure is an `UploadError(.unreachable, …)`
/// whose detail names the server and what happened, never what was sent.
final class APRSISConnection {
    /// Set from another thread to end the waits early.
    final class Cancellation: Sendable {
        private let flag = Atomic<Bool>(false)
        /// Ends the waits.
        func cancel() { flag.store(true, ordering: .relaxed) }
        /// Whether `cancel()` was called.
        var isCancelled: Bool { flag.load(ordering: .relaxed) }
    }

    /// The longest line kept (APRS-IS lines are at most 512 bytes); a longer
    /// one is cut there.
    static let longestLineBytes = 512
    /// The longest single poll(2), in milliseconds, between looks at the
    /// cancellation.
    static let pollSliceMilliseconds = 100.0

    private let descriptor: Int32
    private let server: String
    private let cancellation: Cancellation
    private var received: [UInt8] = []
    private var isClosed = false

    private init(descriptor: Int32, server: String, cancellation: Cancellation) {
        self.descriptor = descriptor
        self.server = server
        self.cancellation = cancellation
    }

    deinit { close() }

    /// Resolves `host` (getaddrinfo: IPv4 and IPv6) and connects to the
    /// first address that answers, all within `timeoutSeconds`.
    static func open(host: String, port: UInt16, timeoutSeconds: Double, cancellation: Cancellation) throws(UploadError) -> APRSISConnection {
        let server = "\(host):\(port)"
        let deadline = MonotonicClock.seconds() + timeoutSeconds
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_ADDRCONFIG
        var addresses: UnsafeMutablePointer<addrinfo>?
        // getaddrinfo cannot be given a deadline; the resolver's own
        // timeouts (resolv.conf) bound it, on this thread of our own.
        let status = getaddrinfo(host, String(port), &hints, &addresses)
        guard status == 0, let first = addresses else {
            let reason = status == EAI_SYSTEM ? SystemError.current.message : String(cString: gai_strerror(status))
            throw UploadError(.unreachable, detail: "could not resolve \(host): \(reason)")
        }
        defer { freeaddrinfo(addresses) }

        var lastFailure = "no address"
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let address = next {
            next = address.pointee.ai_next
            let descriptor = socket(
                address.pointee.ai_family, address.pointee.ai_socktype | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue),
                address.pointee.ai_protocol)
            guard descriptor >= 0 else {
                lastFailure = SystemError.current.message
                continue
            }
            let connection = APRSISConnection(descriptor: descriptor, server: server, cancellation: cancellation)
            if connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 { return connection }
            guard errno == EINPROGRESS else {
                lastFailure = SystemError.current.message
                continue
            }
            switch connection.wait(for: Int16(POLLOUT), until: deadline) {
            case .ready:
                var failure: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &failure, &length)
                if failure == 0 { return connection }
                lastFailure = SystemError(number: failure).message
            case .timedOut:
                throw UploadError(.unreachable, detail: "\(server): no connection within \(Self.seconds(timeoutSeconds))")
            case .cancelled:
                throw cancelledError(server: server)
            }
        }
        throw UploadError(.unreachable, detail: "\(server): could not connect: \(lastFailure)")
    }

    /// The next line the server sends, without its line end, waiting at
    /// most `timeoutSeconds`; `purpose` says what was awaited, for the error.
    func readLine(timeoutSeconds: Double, purpose: String) throws(UploadError) -> String {
        let deadline = MonotonicClock.seconds() + timeoutSeconds
        var chunk = [UInt8](repeating: 0, count: Self.longestLineBytes)
        while true {
            if let end = received.firstIndex(of: UInt8(ascii: "\n")) {
                var line = Array(received[..<end])
                received.removeSubrange(...end)
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                return String(decoding: line, as: UTF8.self)
            }
            if received.count >= Self.longestLineBytes {
                let line = Array(received.prefix(Self.longestLineBytes))
                received.removeFirst(Self.longestLineBytes)
                return String(decoding: line, as: UTF8.self)
            }
            switch wait(for: Int16(POLLIN), until: deadline) {
            case .ready: break
            case .timedOut: throw UploadError(.unreachable, detail: "\(server): no \(purpose) within \(Self.seconds(timeoutSeconds))")
            case .cancelled: throw Self.cancelledError(server: server)
            }
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received += chunk[..<count]
            } else if count == 0 {
                throw UploadError(.unreachable, detail: "\(server): the server closed the connection before the \(purpose)")
            } else if errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR {
                throw UploadError(.unreachable, detail: "\(server): reading the \(purpose) failed: \(SystemError.current.message)")
            }
        }
    }

    /// Sends `text` whole, waiting at most `timeoutSeconds` for room;
    /// `purpose` names it for the error (never its content: the login line
    /// holds the passcode).
    func write(_ text: String, timeoutSeconds: Double, purpose: String) throws(UploadError) {
        let deadline = MonotonicClock.seconds() + timeoutSeconds
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count > 0 {
                sent += count
                continue
            }
            guard count < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else {
                throw UploadError(.unreachable, detail: "\(server): sending the \(purpose) failed: \(SystemError.current.message)")
            }
            switch wait(for: Int16(POLLOUT), until: deadline) {
            case .ready: continue
            case .timedOut: throw UploadError(.unreachable, detail: "\(server): could not send the \(purpose) within \(Self.seconds(timeoutSeconds))")
            case .cancelled: throw Self.cancelledError(server: server)
            }
        }
    }

    /// Ends the connection politely: says it sends no more, then reads
    /// until the server closes too, for at most `timeoutSeconds`. Closing
    /// with unread data from the server (a late comment line) would reset
    /// the connection and could lose the packet still in flight.
    func finish(timeoutSeconds: Double) {
        shutdown(descriptor, Int32(SHUT_WR))
        let deadline = MonotonicClock.seconds() + timeoutSeconds
        var chunk = [UInt8](repeating: 0, count: Self.longestLineBytes)
        while case .ready = wait(for: Int16(POLLIN), until: deadline) {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) { break }
        }
        close()
    }

    /// Closes the socket (once).
    func close() {
        guard !isClosed else { return }
        isClosed = true
        Glibc.close(descriptor)
    }

    /// How a wait ended.
    private enum WaitOutcome {
        case ready, timedOut, cancelled
    }

    /// Waits until the socket is ready for `events` (or has an error, which
    /// the next call reports), the deadline passes or the wait is cancelled.
    private func wait(for events: Int16, until deadline: Double) -> WaitOutcome {
        while true {
            if cancellation.isCancelled { return .cancelled }
            let remainingMilliseconds = (deadline - MonotonicClock.seconds()) * 1_000
            if remainingMilliseconds <= 0 { return .timedOut }
            var watched = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = poll(&watched, 1, Int32(min(remainingMilliseconds, Self.pollSliceMilliseconds).rounded(.up)))
            if ready > 0 { return .ready }
            if ready < 0 && errno != EINTR { return .ready }
        }
    }

    /// The error for a send the gateway's stop cut short.
    private static func cancelledError(server: String) -> UploadError {
        UploadError(.unreachable, detail: "\(server): stopped before the upload was done")
    }

    /// `10 s`, `0.5 s`.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
