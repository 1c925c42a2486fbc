// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import Storage

/// The web page: Now, Charts and Health, rendered on the server from the
/// store and the status report, with one small stylesheet and one small
/// script (`WebAssets`). Each request opens its own read-only connection
/// (the writer is never held up); when the database cannot be read, the
/// page says so with a 503.
///
/// Routes: `/` (Now), `/charts` (`range=24h`, the default, `range=7d`, or
/// `day=YYYY-MM-DD`), `/health`, `/style.css`, `/live.js`; every other path
/// is a 404 page. HEAD is answered like GET (the server drops the body).
public struct WebSite: WebContent {
    /// Where the pages read from.
    public let context: WebSiteContext

    /// Makes the site for `context`.
    public init(context: WebSiteContext) {
        self.context = context
    }

    public func respond(to request: WebRequest) -> WebResponse {
        switch request.path {
        case "/", "/index.html": return withStore(nowPage)
        case "/charts": return chartsResponse(query: request.query)
        case "/health": return healthPage()
        case "/style.css": return asset(WebAssets.styleCSS, type: "text/css; charset=utf-8")
        case "/live.js": return asset(WebAssets.liveJS, type: "text/javascript; charset=utf-8")
        default: return notFound(request.path)
        }
    }

    public func liveEvent() -> String? {
        guard let store = try? Store(readOnlyPath: context.databasePath),
            let snapshot = try? NowSnapshot.load(
                from: store, now: context.now(), zones: context.zones, units: units, correction: context.corrector.current),
            !snapshot.devices.isEmpty
        else { return nil }
        return LiveEvent.json(snapshot)
    }

    /// The units helper for the configured units.
    var units: WebUnits { WebUnits(units: context.units) }

    /// Runs `page` with a read-only store; a 503 page when it cannot be opened or read.
    func withStore(_ page: (Store) throws -> WebResponse) -> WebResponse {
        do {
            let store = try Store(readOnlyPath: context.databasePath)
            return try page(store)
        } catch {
            return databaseUnavailable(error)
        }
    }

    /// A stylesheet or script, cached for an hour.
    private func asset(_ text: String, type: String) -> WebResponse {
        WebResponse(contentType: type, headers: [WebHeader("Cache-Control", "max-age=3600")], text: text)
    }
}
