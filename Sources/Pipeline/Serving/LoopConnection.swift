// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc

/// One client of a ``RequestAnswerLoop``: what it sent so far, the answer
/// still to send, and the moment it is dropped.
struct LoopConnection {
    /// The connected, non-blocking socket.
    let descriptor: Int32
    /// When the connection is closed whatever its state (monotonic, nanoseconds).
    var deadlineNanoseconds: UInt64
    /// The request bytes received so far.
    var request: [UInt8] = []
    /// The answer, once there is one; nil while the request is incomplete.
    var answer: [UInt8]? = nil
    /// How much of the answer was sent.
    var sentBytes = 0
    /// Whether the whole answer left and the connection waits for the
    /// client to close: closing with unread request bytes would reset the
    /// connection and could destroy the answer on its way.
    var isDraining = false
    /// Whether the connection stays open as an event stream after its answer.
    var isStreaming = false
    /// When a stream last made progress: sent some bytes, or had bytes
    /// queued while nothing waited (monotonic, nanoseconds).
    var lastSentNanoseconds: UInt64 = 0

    /// Whether the connection waits to send rather than to receive.
    var isAnswering: Bool { answer != nil && !isDraining }

    /// The answer's bytes not sent yet.
    var unsentBytes: Int { (answer?.count ?? 0) - sentBytes }

    /// Whether some of the answer waits to be sent.
    var hasUnsent: Bool { unsentBytes > 0 }

    /// What poll(2) watches for: a stream is read (to notice the client
    /// leaving) and written while bytes wait.
    var pollEvents: Int16 {
        if isStreaming { return Int16(POLLIN) | (hasUnsent ? Int16(POLLOUT) : 0) }
        return Int16(isAnswering ? POLLOUT : POLLIN)
    }

    /// Appends `bytes` to a stream's unsent ones; the sent ones are let go.
    mutating func queue(_ bytes: [UInt8], now: UInt64) {
        if !hasUnsent {
            answer = []
            sentBytes = 0
            lastSentNanoseconds = now
        } else if sentBytes >= 16_384 {
            answer?.removeFirst(sentBytes)
            sentBytes = 0
        }
        answer?.append(contentsOf: bytes)
    }

    /// Reads and forgets what the client still sends. False when it closed
    /// its side (or the socket failed): the connection is finished.
    func discardSome() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 1_024)
        while true {
            let count = recv(descriptor, &chunk, chunk.count, 0)
            if count > 0 { continue }
            if count < 0 && errno == EINTR { continue }
            return count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
        }
    }

    /// Sends as much of the answer as the socket takes now. True when the
    /// whole answer left or the peer went away: the connection is finished.
    mutating func sendSome() -> Bool {
        guard let answer else { return false }
        while sentBytes < answer.count {
            let written = answer.withUnsafeBytes {
                send(descriptor, $0.baseAddress! + sentBytes, answer.count - sentBytes, Int32(MSG_NOSIGNAL))
            }
            if written > 0 {
                sentBytes += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                return written == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)
            }
        }
        return true
    }

    /// Reads what is waiting, at most up to `limitBytes` in all. Returns
    /// false when the peer closed its side or the socket failed.
    mutating func receiveSome(limitBytes: Int) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 1_024)
        while request.count < limitBytes {
            let count = recv(descriptor, &chunk, min(chunk.count, limitBytes - request.count), 0)
            if count > 0 {
                request += chunk[0..<count]
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
            }
        }
        return true
    }
}
