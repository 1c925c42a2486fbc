// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import CCurl
import Glibc
import HTTP
import SystemSupport

/// A byte stream over a connection libcurl made in connect-only mode: TCP
/// for `ws://`, TCP and TLS (certificate and host name verified) for
/// `wss://`. libcurl 7.88 has no WebSocket support of its own, so it only
/// connects and carries bytes (`curl_easy_send`, `curl_easy_recv`); the
/// socket it reports is what `poll()` waits on.
///
/// Not thread-safe: `WebSocketConnection` calls it under its lock.
final class CurlStream {
    /// What one `read` found.
    enum ReadResult {
        /// This many bytes were appended.
        case bytes(Int)
        /// Nothing to read now: wait for the socket.
        case wouldBlock
        /// The peer ended the stream.
        case endOfStream
    }

    private var handle: UnsafeMutableRawPointer?
    /// The connection's socket, for `poll()`.
    let socket: Int32

    private init(handle: UnsafeMutableRawPointer, socket: Int32) {
        self.handle = handle
        self.socket = socket
    }

    deinit { release() }

    /// Connects to `url` within `options.connectTimeoutSeconds` (TCP and
    /// TLS). Throws `.tlsFailed` for TLS and certificate failures and
    /// `.connectFailed` for the rest; messages name the redacted URL only.
    static func connect(to url: WebSocketURL, options: WebSocketOptions) throws(WebSocketError) -> CurlStream {
        if let reason = CurlLibrary.prepare() {
            throw WebSocketError(.connectFailed, "could not connect to \(url.redacted): \(reason)")
        }
        guard let handle = tempest_curl_easy_init() else {
            throw WebSocketError(.connectFailed, "could not connect to \(url.redacted): curl_easy_init failed")
        }
        var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        let code: CURLcode = errorBuffer.withUnsafeMutableBufferPointer { errorBytes in
            tempest_curl_setopt_string(handle, CURLOPT_URL, url.connectURL)
            tempest_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBytes.baseAddress)
            // Signals cannot be used for timeouts in a threaded process.
            tempest_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
            tempest_curl_setopt_long(handle, CURLOPT_CONNECT_ONLY, 1)
            tempest_curl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
            // TLS's ALPN then offers HTTP/1.1 only: the upgrade is HTTP/1.1.
            tempest_curl_setopt_long(handle, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_1_1))
            // Through a proxy (libcurl's usual environment variables), tunnel
            // with CONNECT for ws:// too, so the upgrade reaches the server.
            tempest_curl_setopt_long(handle, CURLOPT_HTTPPROXYTUNNEL, 1)
            tempest_curl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, max(1, Int((options.connectTimeoutSeconds * 1000).rounded(.up))))
            tempest_curl_setopt_long(handle, CURLOPT_SSL_VERIFYPEER, 1)
            tempest_curl_setopt_long(handle, CURLOPT_SSL_VERIFYHOST, 2)
            if let caFile = options.caFile { tempest_curl_setopt_string(handle, CURLOPT_CAINFO, caFile) }
            let code = tempest_curl_easy_perform(handle)
            // The buffer does not outlive this closure; later calls must not write to it.
            tempest_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, nil)
            return code
        }
        guard code == CURLE_OK else {
            tempest_curl_easy_cleanup(handle)
            let detail = errorBuffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            let reason = url.scrubbed(detail.isEmpty ? String(cString: tempest_curl_easy_strerror(code)) : detail)
            if isTLSFailure(code) {
                throw WebSocketError(.tlsFailed, "TLS failed for \(url.redacted): \(reason)")
            }
            throw WebSocketError(.connectFailed, "could not connect to \(url.redacted): \(reason)")
        }
        var socket: curl_socket_t = -1
        guard tempest_curl_getinfo_socket(handle, CURLINFO_ACTIVESOCKET, &socket) == CURLE_OK, socket >= 0 else {
            tempest_curl_easy_cleanup(handle)
            throw WebSocketError(.connectFailed, "could not connect to \(url.redacted): libcurl reported no socket")
        }
        return CurlStream(handle: handle, socket: socket)
    }

    private static func isTLSFailure(_ code: CURLcode) -> Bool {
        switch code {
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS,
            CURLE_SSL_ENGINE_INITFAILED, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_CRL_BADFILE,
            CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CLIENTCERT:
            true
        default:
            false
        }
    }

    /// Writes all of `bytes`, waiting for the socket while it is full, until
    /// the monotonic `deadline` (seconds). Throws `.ioFailed`.
    func write(_ bytes: [UInt8], deadline: Double) throws(WebSocketError) {
        guard let handle else { throw WebSocketError(.ioFailed, "the WebSocket connection is released") }
        var offset = 0
        while offset < bytes.count {
            var sent = 0
            let code = bytes[offset...].withUnsafeBytes { tempest_curl_easy_send(handle, $0.baseAddress, $0.count, &sent) }
            switch code {
            case CURLE_OK:
                offset += sent
            case CURLE_AGAIN:
                let remaining = deadline - MonotonicClock.seconds()
                guard remaining > 0 else { throw WebSocketError(.ioFailed, "the WebSocket write did not finish in time") }
                _ = Self.wait(for: socket, events: Int16(POLLOUT), seconds: min(remaining, 0.5))
            default:
                throw WebSocketError(.ioFailed, "the WebSocket write failed: \(String(cString: tempest_curl_easy_strerror(code)))")
            }
        }
    }

    /// Appends what can be read now (at most `maximumBytes`) to `buffer`.
    /// Throws `.ioFailed` when reading fails.
    func read(into buffer: inout [UInt8], maximumBytes: Int) throws(WebSocketError) -> ReadResult {
        guard let handle else { throw WebSocketError(.ioFailed, "the WebSocket connection is released") }
        let oldCount = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: maximumBytes))
        var received = 0
        let code = buffer[oldCount...].withUnsafeMutableBytes { tempest_curl_easy_recv(handle, $0.baseAddress, $0.count, &received) }
        buffer.removeLast(maximumBytes - (code == CURLE_OK ? received : 0))
        switch code {
        case CURLE_OK: return received == 0 ? .endOfStream : .bytes(received)
        case CURLE_AGAIN: return .wouldBlock
        default: throw WebSocketError(.ioFailed, "the WebSocket read failed: \(String(cString: tempest_curl_easy_strerror(code)))")
        }
    }

    /// Waits until `socket` is ready for `events` (or has an error or hang-up)
    /// or `seconds` pass; true when it is ready.
    static func wait(for socket: Int32, events: Int16, seconds: Double) -> Bool {
        var descriptor = pollfd(fd: socket, events: events, revents: 0)
        let milliseconds = Int32(max(0, min(seconds, 60) * 1000).rounded(.up))
        return poll(&descriptor, 1, milliseconds) > 0
    }

    /// Closes the connection (and its TLS session); safe to call twice.
    func release() {
        if let handle {
            tempest_curl_easy_cleanup(handle)
            self.handle = nil
        }
    }
}
