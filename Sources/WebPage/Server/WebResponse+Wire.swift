// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension WebResponse {
    /// The headers every answer of the web server carries: no content-type
    /// guessing, no referrer leaving the page, and only the site's own
    /// scripts, styles, images (and inline `data:` images) and connections,
    /// never inside another site's frame.
    static let securityHeaders = [
        WebHeader("X-Content-Type-Options", "nosniff"),
        WebHeader("Referrer-Policy", "no-referrer"),
        WebHeader(
            "Content-Security-Policy",
            "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'"),
    ]

    /// The whole HTTP/1.1 answer: status line, headers (the security
    /// headers win over the content's of the same name), `Content-Length`,
    /// `Connection: close`, and the body unless `includesBody` is false (HEAD).
    func wire(includesBody: Bool) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\nContent-Type: \(contentType)\r\n"
        head += "Content-Length: \(body.count)\r\n"
        head += Self.headerLines(headers)
        head += "Connection: close\r\n\r\n"
        return includesBody ? Array(head.utf8) + body : Array(head.utf8)
    }

    /// `headers` and the security headers as header lines; a header of the
    /// content named like a security header, a length or the connection is
    /// left out, and so is any with a line break (it would split the answer).
    static func headerLines(_ headers: [WebHeader]) -> String {
        let reserved = Set((securityHeaders.map(\.name) + ["Content-Type", "Content-Length", "Connection"]).map { $0.lowercased() })
        var lines = ""
        for header in headers + securityHeaders {
            let own = securityHeaders.contains(header)
            guard own || !reserved.contains(header.name.lowercased()) else { continue }
            guard !(header.name + header.value).contains(where: { $0 == "\r" || $0 == "\n" }) else { continue }
            lines += "\(header.name): \(header.value)\r\n"
        }
        return lines
    }

    /// The reason phrase of `status` (the ones the server and the pages use).
    static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: status < 400 ? "OK" : "Error"
        }
    }
}
