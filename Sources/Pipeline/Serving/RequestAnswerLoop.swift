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
///
/// With ``StreamRules`` an answer may also keep its connection open as a
/// stream (Server-Sent Events): ``notify()`` has the loop thread call the
/// update function once and append its bytes to every open stream, at most
/// once per ``StreamRules/minimumIntervalSeconds``. A stream that falls
/// behind (too many unsent bytes, or no progress while data waits) is
/// closed, so a client that stops reading costs bounded memory.
package final class RequestAnswerLoop: Sendable {
    /// The limits that keep one client from holding the server.
    package struct Rules: Sendable {
        /// How long a client has to send its whole request after connecting.
        package var requestTimeoutSeconds: Double
        /// How long a client has to take the whole answer.
        package var answerTimeoutSeconds: Double
        /// The longest request read; a longer one is answered as it stands
        /// (the answer function sees it was cut).
        package var maximumRequestBytes: Int
        /// Connections open at once.
        package var maximumConnections: Int
        /// What a connection is sent (best effort) before it is closed
        /// when the limit is reached and none can make room.
        package var busyAnswer: String
        /// Whether a request that is incomplete at its deadline is answered
        /// as it stands (else the connection is closed without an answer).
        package var answersIncompleteRequests: Bool
        /// How answers that stay open as streams are held; nil for none.
        package var streams: StreamRules? = nil

        /// Makes one.
        package init(requestTimeoutSeconds: Double, answerTimeoutSeconds: Double, maximumRequestBytes: Int, maximumConnections: Int, busyAnswer: String, answersIncompleteRequests: Bool, streams: StreamRules? = nil) {
            self.requestTimeoutSeconds = requestTimeoutSeconds
            self.answerTimeoutSeconds = answerTimeoutSeconds
            self.maximumRequestBytes = maximumRequestBytes
            self.maximumConnections = maximumConnections
            self.busyAnswer = busyAnswer
            self.answersIncompleteRequests = answersIncompleteRequests
            self.streams = streams
        }
    }

    /// The limits of connections that stay open as event streams.
    package struct StreamRules: Sendable {
        /// Streams open at once; beyond, the new one gets ``busyAnswer``.
        package var maximumStreams: Int
        /// A stream with more unsent bytes than this is closed.
        package var maximumUnsentBytes: Int
        /// A stream whose client took nothing for this long while bytes
        /// wait is closed.
        package var stalledSeconds: Double
        /// A stream that was sent nothing for this long is sent ``keepAlive``.
        package var keepAliveSeconds: Double
        /// What keeps an idle stream (and the proxies on its way) alive.
        package var keepAlive: [UInt8]
        /// The shortest time between two updates: notifications in between
        /// are folded into the next.
        package var minimumIntervalSeconds: Double
        /// The kernel's send buffer of a stream (SO_SNDBUF), so that a client
        /// that stops reading is noticed after little data.
        package var sendBufferBytes: Int32
        /// The whole answer to a stream beyond ``maximumStreams``.
        package var busyAnswer: [UInt8]

        /// Makes one.
        package init(maximumStreams: Int, maximumUnsentBytes: Int, stalledSeconds: Double, keepAliveSeconds: Double, keepAlive: [UInt8], minimumIntervalSeconds: Double, sendBufferBytes: Int32, busyAnswer: [UInt8]) {
            self.maximumStreams = maximumStreams
            self.maximumUnsentBytes = maximumUnsentBytes
            self.stalledSeconds = stalledSeconds
            self.keepAliveSeconds = keepAliveSeconds
            self.keepAlive = keepAlive
            self.minimumIntervalSeconds = minimumIntervalSeconds
            self.sendBufferBytes = sendBufferBytes
            self.busyAnswer = busyAnswer
        }
    }

    /// An answer: its bytes, and whether the connection then stays open
    /// as a stream.
    package struct Answer: Sendable {
        /// The bytes to send.
        package var bytes: [UInt8]
        /// Whether the connection stays open for updates after them.
        package var streams = false

        /// Makes one.
        package init(bytes: [UInt8], streams: Bool = false) {
            self.bytes = bytes
            self.streams = streams
        }
    }
    private let listening: Int32
    private let wakeup: LoopWakeup
    private let rules: Rules
    private let isComplete: @Sendable ([UInt8]) -> Bool
    private let answer: @Sendable ([UInt8]) -> Answer
    private let update: @Sendable () -> [UInt8]?
    private let stopping = Atomic<Bool>(false)
    private let thread = Mutex<NamedThread?>(nil)

    /// Starts serving `listening` (a bound, listening socket this loop now
    /// owns). `isComplete` says when the request bytes so far are a whole
    /// request; `answer` turns a request into its answer.
    package convenience init(
        listening: Int32, threadName: String, rules: Rules, isComplete: @escaping @Sendable ([UInt8]) -> Bool,
        answer: @escaping @Sendable ([UInt8]) -> String
    ) throws(SystemError) {
        try self.init(
            listening: listening, threadName: threadName, rules: rules, isComplete: isComplete,
            respond: { Answer(bytes: Array(answer($0).utf8)) }, update: { nil }, wakeup: LoopWakeup())
    }

    /// Starts serving `listening`, with answers that may stay open as
    /// streams (`rules.streams`); `update` gives the bytes every stream is
    /// sent after `wakeup` was notified, nil for none.
    package init(
        listening: Int32, threadName: String, rules: Rules, isComplete: @escaping @Sendable ([UInt8]) -> Bool,
        respond: @escaping @Sendable ([UInt8]) -> Answer, update: @escaping @Sendable () -> [UInt8]?, wakeup: LoopWakeup
    ) throws(SystemError) {
        Self.makeNonBlocking(listening)
        self.listening = listening
        self.wakeup = wakeup
        self.rules = rules
        self.isComplete = isComplete
        self.answer = respond
        self.update = update
        do {
            let started = try NamedThread(named: threadName) { self.serve() }
            thread.withLock { $0 = started }
        } catch {
            throw error
        }
    }

    /// Asks for an update of every stream: cheap enough for a hot path (an
    /// atomic load without streams; with streams at most one pipe write
    /// until the loop has sent the update).
    package func notify() {
        wakeup.notify()
    }

    /// Stops serving, closes every connection and the listening socket.
    package func stop() {
        guard !stopping.exchange(true, ordering: .relaxed) else { return }
        wake()
        thread.withLock { $0 }?.join()
        close(listening)
    }

    private func wake() {
        wakeup.wake()
    }

    private func serve() {
        var connections: [LoopConnection] = []
        // When the next update may be sent (updates are spaced by the rules).
        var nextUpdateNanoseconds: UInt64 = 0
        // After accept(2) fails for want of descriptors, the listening socket
        // stays readable: it is left out of the poll for a moment, never spun on.
        var acceptPausedUntilNanoseconds: UInt64 = 0
        while !stopping.load(ordering: .relaxed) {
            let now = MonotonicClock.nanoseconds()
            let listens = now >= acceptPausedUntilNanoseconds
            var watched = [pollfd(fd: wakeup.reader, events: Int16(POLLIN), revents: 0)]
            if listens { watched.append(pollfd(fd: listening, events: Int16(POLLIN), revents: 0)) }
            for connection in connections {
                watched.append(pollfd(fd: connection.descriptor, events: connection.pollEvents, revents: 0))
            }
            var wakeAt = connections.map(\.deadlineNanoseconds).min()
            if !listens { wakeAt = min(wakeAt ?? acceptPausedUntilNanoseconds, acceptPausedUntilNanoseconds) }
            let updateWaits = wakeup.notified.load(ordering: .acquiring)
            if updateWaits { wakeAt = min(wakeAt ?? nextUpdateNanoseconds, nextUpdateNanoseconds) }
            let timeoutMilliseconds = wakeAt.map { Int32(clamping: ($0 > now ? $0 - now : 0) / 1_000_000 + 1) } ?? -1
            let ready = poll(&watched, nfds_t(watched.count), timeoutMilliseconds)
            if ready < 0 {
                if errno != EINTR { MonotonicClock.sleep(seconds: 0.1) }
                continue
            }
            if watched[0].revents != 0 {
                if stopping.load(ordering: .relaxed) { break }
                Self.drainWakeups(wakeup.reader)
            }
            let offset = listens ? 2 : 1
            let after = MonotonicClock.nanoseconds()
            if wakeup.notified.load(ordering: .acquiring) && after >= nextUpdateNanoseconds, let streamRules = rules.streams {
                wakeup.notified.store(false, ordering: .releasing)
                nextUpdateNanoseconds = after + Self.nanoseconds(streamRules.minimumIntervalSeconds)
                if connections.contains(where: \.isStreaming), let bytes = update() {
                    for index in connections.indices where connections[index].isStreaming {
                        connections[index].queue(bytes, now: after)
                    }
                }
            }
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
            wakeup.openStreams.store(connections.count { $0.isStreaming }, ordering: .relaxed)
            if listens && watched[1].revents != 0 {
                if !acceptWaiting(into: &connections, now: after) {
                    acceptPausedUntilNanoseconds = after + 100_000_000
                }
            }
        }
        for connection in connections { close(connection.descriptor) }
        wakeup.openStreams.store(0, ordering: .relaxed)
    }

    /// Empties the wake-up pipe (notifications are counted by `notified`).
    private static func drainWakeups(_ descriptor: Int32) {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(descriptor, &bytes, bytes.count) > 0 {}
    }

    /// Moves one connection on after poll(2): reads, answers, sends, or
    /// drops it at its deadline. False when it is finished.
    private func serviced(_ connection: inout LoopConnection, events: Int16, now: UInt64) -> Bool {
        if connection.isStreaming { return servicedStream(&connection, events: events, now: now) }
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
        var reply = answer(connection.request)
        if reply.streams, let streamRules = rules.streams {
            if admitsStream(streamRules) { return startStream(&connection, reply.bytes, rules: streamRules, now: now) }
            reply = Answer(bytes: streamRules.busyAnswer)
        }
        connection.answer = reply.bytes
        connection.deadlineNanoseconds = now + Self.nanoseconds(rules.answerTimeoutSeconds)
        return connection.sendSome() ? drain(&connection) : true
    }

    /// Whether another stream may open (counted before this round's changes:
    /// at worst one round late, never above the limit by more than the
    /// streams one poll round opens).
    private func admitsStream(_ streamRules: StreamRules) -> Bool {
        let open = wakeup.openStreams.add(1, ordering: .relaxed).newValue
        guard open <= streamRules.maximumStreams else {
            wakeup.openStreams.subtract(1, ordering: .relaxed)
            return false
        }
        return true
    }

    /// Turns an answered connection into a stream that starts with `bytes`.
    private func startStream(_ connection: inout LoopConnection, _ bytes: [UInt8], rules streamRules: StreamRules, now: UInt64) -> Bool {
        var size = streamRules.sendBufferBytes
        setsockopt(connection.descriptor, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        connection.isStreaming = true
        connection.answer = []
        connection.queue(bytes, now: now)
        return servicedStream(&connection, events: Int16(POLLOUT), now: now)
    }

    /// Moves a stream on: sends what waits, reads and forgets what the
    /// client sends, sends a keep-alive when it was quiet, and closes it
    /// when it fell behind. False when it is finished.
    private func servicedStream(_ connection: inout LoopConnection, events: Int16, now: UInt64) -> Bool {
        guard let streamRules = rules.streams else { return false }
        if events & Int16(POLLIN | POLLHUP | POLLERR) != 0 && !connection.discardSome() { return false }
        if !connection.hasUnsent && now >= connection.lastSentNanoseconds + Self.nanoseconds(streamRules.keepAliveSeconds) {
            connection.queue(streamRules.keepAlive, now: now)
        }
        if connection.hasUnsent {
            let sentBefore = connection.sentBytes
            if connection.sendSome() && connection.hasUnsent { return false }
            if connection.sentBytes != sentBefore { connection.lastSentNanoseconds = now }
        }
        if connection.unsentBytes > streamRules.maximumUnsentBytes { return false }
        if connection.hasUnsent {
            let stalledAt = connection.lastSentNanoseconds + Self.nanoseconds(streamRules.stalledSeconds)
            guard now < stalledAt else { return false }
            connection.deadlineNanoseconds = stalledAt
        } else {
            connection.deadlineNanoseconds = connection.lastSentNanoseconds + Self.nanoseconds(streamRules.keepAliveSeconds)
        }
        return true
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
                let waiting = connections.indices.filter { !connections[$0].isAnswering && !connections[$0].isStreaming }
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
