// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON

/// A value as a page shows it: the plain text ("12.3 °C", what the live
/// event carries and a `data-field` element's text content) and the HTML
/// with the unit in an `<abbr>` whose title spells it out.
struct ShownValue: Sendable, Hashable {
    /// The text, number and unit symbol: "12.3 °C".
    var text: String
    /// The same as HTML: `12.3 <abbr title="degrees Celsius">°C</abbr>`.
    var html: String

    /// A number with a unit symbol, spelled out in the abbreviation's title
    /// when `spoken` is given.
    init(number: String, symbol: String, spoken: String?) {
        text = symbol.isEmpty ? number : "\(number) \(symbol)"
        if symbol.isEmpty {
            html = HTMLText.escape(number)
        } else if let spoken {
            html = "\(HTMLText.escape(number)) <abbr title=\"\(HTMLText.escape(spoken))\">\(HTMLText.escape(symbol))</abbr>"
        } else {
            html = HTMLText.escape(text)
        }
    }

    /// Text without a unit (a count, a direction, a sentence).
    init(plain: String) {
        text = plain
        html = HTMLText.escape(plain)
    }
}
