// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Pipeline
/// What ``WebServer``'s thread does with one request: checks its size, its
/// form, its credentials and its method, then answers it from the content,
/// or opens the live event stream on `/events`.
struct WebExchange: Sendable {
    /// The path of the live event stream (Server-Sent Events), the server's own.
    static let eventsPath = "/events"

    let credentials: WebCredentials?
    let content: any WebContent
    let maximumRequestBytes: Int

    /// The answer to the request bytes received (a whole head, or as many
    /// bytes as the limit allows).
    func answer(to request: [UInt8]) -> RequestAnswerLoop.Answer {
        guard HTTPRequestHead.isComplete(request) else {
            // Cut at the limit, or ended by the client before its empty line.
            guard request.count >= maximumRequestBytes else { return plain(400, "Incomplete request.\n", method: "GET") }
            return plain(431, "The request line and headers are larger than \(maximumRequestBytes) bytes.\n", method: "GET")
        }
        guard let head = HTTPRequestHead(request) else { return plain(400, "Malformed request.\n", method: "GET") }
        guard let parsed = WebRequest(method: head.method, target: head.target) else {
            return plain(400, "Malformed path or query.\n", method: head.method)
        }
        if let credentials, !credentials.admit(authorization: head.value(of: "Authorization")) {
            var response = WebResponse(status: 401, contentType: "text/plain; charset=utf-8", text: "This page needs a password.\n")
            response.headers = [WebHeader("WWW-Authenticate", "Basic realm=\"tempest-gateway\", charset=\"UTF-8\""), Self.noStore]
            return RequestAnswerLoop.Answer(bytes: response.wire(includesBody: head.method != "HEAD"))
        }
        guard head.method == "GET" || head.method == "HEAD" else {
            var response = WebResponse(status: 405, contentType: "text/plain; charset=utf-8", text: "Read-only: GET and HEAD only.\n")
            response.headers = [WebHeader("Allow", "GET, HEAD")]
            return RequestAnswerLoop.Answer(bytes: response.wire(includesBody: true))
        }
        if parsed.path == Self.eventsPath { return openStream(head: head.method == "HEAD") }
        return RequestAnswerLoop.Answer(bytes: content.respond(to: parsed).wire(includesBody: head.method != "HEAD"))
    }

    /// The bytes every open stream is sent after new data: one `now` event,
    /// nil when the content has none.
    func liveEvent() -> [UInt8]? {
        content.liveEvent().map(Self.event)
    }

    /// The start of a stream: the head, the reconnection delay, and at once
    /// the current event (a page shows the present without waiting for a
    /// commit). HEAD gets the head alone, and the connection closes.
    private func openStream(head onlyHead: Bool) -> RequestAnswerLoop.Answer {
        var text = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
        text += WebResponse.headerLines([Self.noStore, WebHeader("X-Accel-Buffering", "no")])
        text += "Connection: close\r\n\r\n"
        guard !onlyHead else { return RequestAnswerLoop.Answer(bytes: Array(text.utf8)) }
        var bytes = Array((text + "retry: 10000\n\n").utf8)
        if let event = liveEvent() { bytes += event }
        return RequestAnswerLoop.Answer(bytes: bytes, streams: true)
    }

    /// `data` as a `now` event; every line of it becomes a `data:` line, so
    /// a line feed in it cannot end the event early.
    static func event(_ data: String) -> [UInt8] {
        var text = "event: now\n"
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) { text += "data: \(line)\n" }
        return Array((text + "\n").utf8)
    }

    /// The answer when every place is taken: all connections being answered,
    /// or (`streams`) all live streams open.
    static func busy(streams: Bool) -> WebResponse {
        let text = streams
            ? "Too many pages are following live updates (at most \(WebServer.streamLimit)); try again later.\n"
            : "Too many connections; try again later.\n"
        return WebResponse(status: 503, contentType: "text/plain; charset=utf-8", headers: [WebHeader("Retry-After", "10")], text: text)
    }

    private static let noStore = WebHeader("Cache-Control", "no-store")

    private func plain(_ status: Int, _ text: String, method: String) -> RequestAnswerLoop.Answer {
        RequestAnswerLoop.Answer(
            bytes: WebResponse(status: status, contentType: "text/plain; charset=utf-8", text: text).wire(includesBody: method != "HEAD"))
    }
}
