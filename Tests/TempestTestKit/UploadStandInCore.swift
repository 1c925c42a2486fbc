// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation

/// What every weather network's stand-in shares: a `LocalHTTPServer`, the
/// mode it answers in, and the uploads it took.
public final class UploadStandInCore: Sendable {
    /// The server on 127.0.0.1.
    public let server: LocalHTTPServer
    /// How it answers now.
    public let mode = Locked(UploadStandInMode.accept)
    /// The uploads taken so far, oldest first.
    public let uploads = Locked([RecordedUpload]())

    /// Starts a server.
    public init() throws {
        server = try LocalHTTPServer()
    }

    /// The answer to a request, by the mode: `taken` (after recording
    /// `uploads`) when accepting and `keyIsRight`, `rejected` when the mode
    /// says so or the key is wrong, else the mode's own answer (the
    /// service's `badRequest` and `duplicate` answers are given; nil
    /// duplicate: taken).
    public func answer(
        recording uploads: [RecordedUpload], keyIsRight: Bool, taken: LocalHTTPServer.Response, rejected: LocalHTTPServer.Response,
        badRequest: LocalHTTPServer.Response, duplicate: LocalHTTPServer.Response? = nil,
        tooSoonBody: @Sendable (Int) -> String = { _ in "" }
    ) -> LocalHTTPServer.Response {
        let current = mode.value
        if current == .neverAnswer { return LocalHTTPServer.Response(status: 200, body: "late", delayBeforeBodySeconds: 60) }
        if current == .rejectKey || !keyIsRight { return rejected }
        switch current {
        case .badRequest: return badRequest
        case .serverError: return LocalHTTPServer.Response(status: 500, headers: [], body: "Internal Server Error")
        case .tooSoon(let seconds):
            return LocalHTTPServer.Response(status: 429, headers: [("Retry-After", String(seconds))], body: tooSoonBody(seconds))
        case .duplicate where duplicate != nil: return duplicate!
        default:
            self.uploads.withLock { $0 += uploads }
            return taken
        }
    }
}

/// A weather network's stand-in: its core's mode and uploads at hand.
public protocol UploadStandIn: AnyObject, Sendable {
    /// The server, mode and uploads.
    var core: UploadStandInCore { get }
}

extension UploadStandIn {
    /// How it answers the next uploads.
    public var mode: UploadStandInMode {
        get { core.mode.value }
        set { core.mode.withLock { $0 = newValue } }
    }

    /// The uploads it took, oldest first.
    public var uploads: [RecordedUpload] { core.uploads.value }

    /// Every request it received, taken or not.
    public var requests: [LocalHTTPServer.RecordedRequest] { core.server.requests }

    /// `http://127.0.0.1:<port>`.
    public var baseURL: String { core.server.baseURL }
}
