// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The frame every page shares: a skip link to the main content, the
/// navigation (Now, Charts, Health, the current one marked with
/// `aria-current`), one `<main>` with the page's id, and a footer. No inline
/// script or style anywhere (the server's Content-Security-Policy forbids
/// them); the favicon request is avoided with an empty data URL.
struct PageLayout {
    /// The pages of the navigation.
    enum Section: String, CaseIterable {
        case now = "Now"
        case charts = "Charts"
        case health = "Health"

        /// Its path.
        var path: String {
            switch self {
            case .now: "/"
            case .charts: "/charts"
            case .health: "/health"
            }
        }
    }

    /// The `<title>` (before " – Tempest gateway").
    var title: String
    /// The navigation entry marked current, if any.
    var section: Section?
    /// The `<main>` element's id: `now`, `charts`, `health`, `error`.
    var mainID: String
    /// Whether the page loads live.js.
    var live = false

    /// The whole page around `body` (HTML inside `<main>`).
    func render(_ body: String, footer: String = "") -> String {
        var html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        html += "<title>\(HTMLText.escape(title)) – Tempest gateway</title>"
        html += "<link rel=\"icon\" href=\"data:,\"><link rel=\"stylesheet\" href=\"/style.css\">"
        if live { html += "<script src=\"/live.js\" defer></script>" }
        html += "</head>\n<body><a class=\"skip\" href=\"#\(mainID)\">Skip to main content</a>\n"
        html += "<header><p class=\"site\">Tempest gateway</p><nav aria-label=\"Pages\"><ul>"
        for entry in Section.allCases {
            let current = entry == section ? " aria-current=\"page\"" : ""
            html += "<li><a href=\"\(entry.path)\"\(current)>\(entry.rawValue)</a></li>"
        }
        html += "</ul></nav></header>\n<main id=\"\(mainID)\" tabindex=\"-1\">\n\(body)</main>\n"
        html += "<footer>\(footer)</footer>\n</body></html>\n"
        return html
    }
}
