// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import Synchronization
import SystemSupport

/// Serves short request-and-answer exchanges (one request, one answer, then
/// the connection closes) on a listening socket, for the status socket and
/// the metrics endpoint. One thread polls (poll(2)) the listening socket and
/// every open connection, all non-blocking, so an idle or slow client only
/// holds its own connection, until its deadline. Beyond
/// ``Rules/maximumConnections`` the connection that has waited longest for
/// its request is closed to make room (a client that sends nothing loses
/// its place to one that does: real clients send at once); only when every
/// connection is being answered is the new one sent ``Rules/busyAnswer``
/// and closed. A quiet server never wakes: without connections the poll
/// has no timeout.
final class RequestAnswerLoop: Sendable {
    /// The limits that keep one client from holding the server.
    struct Rules: Sendable {
        /// How long a client has to send its whole request after connecting.
        var requestTimeoutSeconds: Double
        /// How long a client has to take the whole answer.
        var answerTimeoutSeconds: Double
        /// The longest request read; a longer one is answered as it stands
        /// (the answer function sees it was cut).
        var maximumRequestBytes: Int
        /// Connections open at once.
        var maximumConnections: Int
        /// What a connection is sent (best effort) before it is closed
        /// when the limit is reached and none can make room.
        var busyAnswer: String
        /// Whether a request that is incomplete at its deadline is answered
        /// as it stands (else the connection is closed without an answer).
        var answersIncompleteRequests: Bool
    }

    private let listening: Int32
    private let wakeReader: Int32
    private let wakeWriter: Int32
    private let rules: Rules
    private let isComplete: @Sendable ([UInt8]) -> Bool
    private let answer: @Sendable ([UInt8]) -> String
    private let stopping = Atomic<Bool>(false)
    private let thread = Mutex<NamedThread?>(nil)

    /// Starts serving `listening` (a bound, listening socket this loop now
    /// owns). `isComplete` says when the request bytes so far are a whole
    /// request; `answer` turns a request into its answer.
    init(
        listening: Int32, threadName: String, rules: Rules, isComplete: @escaping @Sendable ([UInt8]) -> Bool,
        answer: @escaping @Sendable ([UInt8]) -> String
    ) throws(SystemError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw SystemError.current }
        for descriptor in ends + [listening] { Self.makeNonBlocking(descriptor) }
        self.listening = listening
        wakeReader = ends[0]
        wakeWriter = ends[1]
        self.rules = rules
        self.isComplete = isComplete
        self.answer = answer
        do {
            let started = try NamedThread(named: threadName) { self.serve() }
            thread.withLock { $0 = started }
        } catch {
            close(wakeReader)
            close(wakeWriter)
            throw error
        }
    }

    /// Stops serving, closes every connection and the listening socket.
    func stop() {
        guard !stopping.exchange(true, ordering: .relaxed) else { return }
        var byte: UInt8 = 1
        _ = write(wakeWriter, &byte, 1)
        thread.withLock { $0 }?.join()
        close(wakeReader)
        close(wakeWriter)
        close(listening)
    }

    private func serve() {
        var connections: [LoopConnection] = []
        // After accept(2) fails for want of descriptors, the listening socket
        // stays readable: it is left out of the poll for a moment, never spun on.
        var acceptPausedUntilNanoseconds: UInt64 = 0
        while !stopping.load(ordering: .relaxed) {
            let now = MonotonicClock.nanoseconds()
            let listens = now >= acceptPausedUntilNanoseconds
            var watched = [pollfd(fd: wakeReader, events: Int16(POLLIN), revents: 0)]
            if listens { watched.append(pollfd(fd: listening, events: Int16(POLLIN), revents: 0)) }
            for connection in connections {
                watched.append(pollfd(fd: connection.descriptor, events: Int16(connection.isAnswering ? POLLOUT : POLLIN), revents: 0))
            }
            var wakeAt = connections.map(\.deadlineNanoseconds).min()
            if !listens { wakeAt = min(wakeAt ?? acceptPausedUntilNanoseconds, acceptPausedUntilNanoseconds) }
            let timeoutMilliseconds = wakeAt.map { Int32(clamping: ($0 > now ? $0 - now : 0) / 1_000_000 + 1) } ?? -1
            let ready = poll(&watched, nfds_t(watched.count), timeoutMilliseconds)
            if ready < 0 {
                if errno != EINTR { MonotonicClock.sleep(seconds: 0.1) }
                continue
            }
            if watched[0].revents != 0 { break }
            let offset = listens ? 2 : 1
            let after = MonotonicClock.nanoseconds()
            var remaining: [LoopConnection] = []
            for (index, var connection) in connections.enumerated() {
                let events = watched[offset + index].revents
                if serviced(&connection, events: events, now: after) {
                    remaining.append(connection)
                } else {
                    close(connection.descriptor)
                }
            }
            connections = remaining
            if listens && watched[1].revents != 0 {
                if !acceptWaiting(into: &connections, now: after) {
                    acceptPausedUntilNanoseconds = after + 100_000_000
                }
            }
        }
        for connection in connections { close(connection.descriptor) }
    }

    /// Moves one connection on after poll(2): reads, answers, sends, or
    /// drops it at its deadline. False when it is finished.
    private func serviced(_ connection: inout LoopConnection, events: Int16, now: UInt64) -> Bool {
        if connection.isDraining {
            return (events == 0 || connection.discardSome()) && now < connection.deadlineNanoseconds
        }
        if connection.isAnswering {
            if events != 0 && connection.sendSome() { return drain(&connection) }
            return now < connection.deadlineNanoseconds
        }
        var open = true
        if events != 0 { open = connection.receiveSome(limitBytes: rules.maximumRequestBytes) }
        let whole = isComplete(connection.request) || connection.request.count >= rules.maximumRequestBytes
        let expired = now >= connection.deadlineNanoseconds
        let answers = whole || (!open && !connection.request.isEmpty) || (expired && rules.answersIncompleteRequests)
        guard answers else { return open && !expired }
        connection.answer = Array(answer(connection.request).utf8)
        connection.deadlineNanoseconds = now + Self.nanoseconds(rules.answerTimeoutSeconds)
        return connection.sendSome() ? drain(&connection) : true
    }

    /// After the whole answer: tells the client it is complete and waits,
    /// until the same deadline, for it to close. False when it already did.
    private func drain(_ connection: inout LoopConnection) -> Bool {
        shutdown(connection.descriptor, Int32(SHUT_WR))
        connection.isDraining = true
        return connection.discardSome()
    }

    /// Accepts every waiting connection, making room beyond the limit.
    /// False when accept(2) failed for a reason other than an empty queue.
    private func acceptWaiting(into connections: inout [LoopConnection], now: UInt64) -> Bool {
        while true {
            // Swift's Glibc module lacks accept4(2): the flags are set right after.
            let client = accept(listening, nil, nil)
            guard client >= 0 else {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return errno == EAGAIN || errno == EWOULDBLOCK
            }
            if connections.count >= rules.maximumConnections {
                // Every waiting connection has the same timeout, so the
                // earliest deadline is the one that has waited longest.
                let waiting = connections.indices.filter { !connections[$0].isAnswering }
                guard let oldest = waiting.min(by: { connections[$0].deadlineNanoseconds < connections[$1].deadlineNanoseconds }) else {
                    SocketText.sendOnce(rules.busyAnswer, to: client)
                    close(client)
                    continue
                }
                close(connections.remove(at: oldest).descriptor)
            }
            Self.makeNonBlocking(client)
            connections.append(LoopConnection(descriptor: client, deadlineNanoseconds: now + Self.nanoseconds(rules.requestTimeoutSeconds)))
        }
    }

    /// Non-blocking, and closed on exec.
    private static func makeNonBlocking(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        _ = fcntl(descriptor, F_SETFD, fcntl(descriptor, F_GETFD) | FD_CLOEXEC)
    }

    private static func nanoseconds(_ seconds: Double) -> UInt64 {
        UInt64(max(0, seconds) * 1_000_000_000)
    }
}
