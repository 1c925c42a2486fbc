// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import Pipeline
import SystemSupport

/// The web page's HTTP server (`[web]`): serves ``WebContent`` on one IPv4
/// address, read-only (GET and HEAD), and pushes a live event to open pages
/// on `/events` (Server-Sent Events) after new data was stored.
///
/// Built on ``RequestAnswerLoop`` like /metrics: one thread polls every
/// connection, no thread per client, and a quiet server never wakes. The
/// limits (``Limits``) keep slow, idle or malformed clients from holding it
/// or growing its memory: 8 KiB of request head, 5 s to send it, 10 s to
/// take the answer, 32 connections (beyond, the one waiting longest for its
/// request is closed), 8 event streams, 64 KiB unsent per stream. Pages
/// are rendered on the server's thread, never on the ingest path. Nothing
/// is logged here: no path, no header, no credential.
public final class WebServer: Sendable {
    /// Why the server could not start.
    public struct SetupError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The limits every connection is held to (internal, so tests can
    /// shorten them).
    package struct Limits: Sendable {
        /// Seconds a client has to send its request line and headers.
        var requestTimeoutSeconds = 5.0
        /// Seconds a client has to take a whole answer.
        var answerTimeoutSeconds = 10.0
        /// The longest request line and headers (longer: 431).
        var maximumRequestBytes = 8_192
        /// Connections open at once, streams included.
        var maximumConnections = 32
        /// Event streams open at once (beyond: 503).
        var maximumStreams = 8
        /// A stream with more unsent bytes than this is closed.
        var maximumUnsentBytes = 65_536
        /// A stream whose client took nothing this long while data waits is closed.
        var stalledSeconds = 30.0
        /// Seconds between keep-alive comments on a quiet stream.
        var keepAliveSeconds = 30.0
        /// The shortest time between two live events (commits in between fold into one).
        var minimumEventIntervalSeconds = 1.0
        /// The kernel send buffer of a stream (SO_SNDBUF; the kernel doubles it).
        var streamSendBufferBytes: Int32 = 16_384
    }

    /// Event streams open at once.
    public static let streamLimit = Limits().maximumStreams
    /// Connections open at once.
    public static let connectionLimit = Limits().maximumConnections

    /// The port actually bound.
    public let port: UInt16
    private let loop: RequestAnswerLoop

    /// Listens on `address` (dotted IPv4 text) at `port` (0: any free port)
    /// and serves `content`; with `credentials` every request needs them.
    public convenience init(
        address: String, port: UInt16, credentials: WebCredentials?, content: any WebContent, liveUpdates: LiveUpdates? = nil
    ) throws(SetupError) {
        try self.init(address: address, port: port, credentials: credentials, content: content, limits: Limits(), liveUpdates: liveUpdates)
    }

    /// `liveUpdates`: the sink the store writer tells of commits (made
    /// before this server, with the writer); nil: one of its own, which
    /// only ``dataChanged()`` notifies.
    init(
        address: String, port: UInt16, credentials: WebCredentials?, content: any WebContent, limits: Limits, liveUpdates: LiveUpdates? = nil
    ) throws(SetupError) {
        let wakeup: LoopWakeup
        do throws(SystemError) {
            if let liveUpdates { wakeup = liveUpdates.wakeup } else { wakeup = try LoopWakeup() }
        } catch {
            throw SetupError(description: "cannot serve the web page on \(address):\(port): \(error.message)")
        }
        let listening: ListeningSocket
        do {
            listening = try ListeningSocket.open(address: address, port: port, service: "the web page")
        } catch {
            throw SetupError(description: error.description)
        }
        self.port = listening.port
        let exchange = WebExchange(credentials: credentials, content: content, maximumRequestBytes: limits.maximumRequestBytes)
        let rules = RequestAnswerLoop.Rules(
            requestTimeoutSeconds: limits.requestTimeoutSeconds, answerTimeoutSeconds: limits.answerTimeoutSeconds,
            maximumRequestBytes: limits.maximumRequestBytes, maximumConnections: limits.maximumConnections,
            busyAnswer: String(decoding: WebExchange.busy(streams: false).wire(includesBody: true), as: UTF8.self),
            answersIncompleteRequests: false,
            streams: RequestAnswerLoop.StreamRules(
                maximumStreams: limits.maximumStreams, maximumUnsentBytes: limits.maximumUnsentBytes,
                stalledSeconds: limits.stalledSeconds, keepAliveSeconds: limits.keepAliveSeconds,
                keepAlive: Array(": keep-alive\n\n".utf8), minimumIntervalSeconds: limits.minimumEventIntervalSeconds,
                sendBufferBytes: limits.streamSendBufferBytes,
                busyAnswer: WebExchange.busy(streams: true).wire(includesBody: true)))
        do {
            loop = try RequestAnswerLoop(
                listening: listening.descriptor, threadName: "web-http", rules: rules, isComplete: HTTPRequestHead.isComplete,
                respond: exchange.answer(to:), update: exchange.liveEvent, wakeup: wakeup)
        } catch {
            close(listening.descriptor)
            throw SetupError(description: "cannot serve the web page on \(address):\(port): \(error.message)")
        }
    }

    /// Tells open pages that new data was stored: they get one live event
    /// within a second (commits in between fold into it). In `run` the
    /// `LiveUpdates` sink does this on every commit.
    public func dataChanged() {
        loop.notify()
    }

    /// Stops serving and closes every connection.
    public func stop() {
        loop.stop()
    }
}
