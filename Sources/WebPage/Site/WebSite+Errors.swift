// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension WebSite {
    /// An HTML page for a request that cannot be answered: 400 (a bad
    /// query), 404 (no such page) or 503 (the database cannot be read), with
    /// a sentence that says what is wrong.
    func errorPage(status: Int, title: String, sentence: String) -> WebResponse {
        let body = "<h1>\(HTMLText.escape(title))</h1>\n<p>\(HTMLText.escape(sentence))</p>\n"
            + "<p><a href=\"/\">Go to the Now page</a></p>\n"
        return html(status: status, PageLayout(title: title, section: nil, mainID: "error").render(body))
    }

    /// The 404 page for `path`.
    func notFound(_ path: String) -> WebResponse {
        errorPage(status: 404, title: "Page not found", sentence: "There is no page at \(path). The pages are Now, Charts and Health.")
    }

    /// The 503 page when the database cannot be opened or read.
    func databaseUnavailable(_ error: any Error) -> WebResponse {
        errorPage(
            status: 503, title: "Database unavailable",
            sentence: "The database \(context.databasePath) cannot be read right now (\(error)). Try again in a moment.")
    }

    /// A `text/html` response.
    func html(status: Int = 200, _ text: String) -> WebResponse {
        WebResponse(status: status, contentType: "text/html; charset=utf-8", headers: [WebHeader("Cache-Control", "no-store")], text: text)
    }
}
