// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// What ``WebServer`` serves: an answer for every request, and the live
/// event it pushes to connected pages (Server-Sent Events on `/events`)
/// after new data was stored. Called on the server's thread, never on the
/// ingest path; both must be read-only.
public protocol WebContent: Sendable {
    /// The answer to `request` (404 for a path it does not know).
    func respond(to request: WebRequest) -> WebResponse
    /// The `data:` line of the live event sent after a commit (JSON on one
    /// line, no line feed), or nil when there is nothing new to show.
    func liveEvent() -> String?
}
