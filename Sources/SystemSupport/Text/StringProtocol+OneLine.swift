// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension StringProtocol {
    /// The text's words on one line, single spaces between them, cut to
    /// `maximumCharacters` with an ellipsis: a server's answer as a log line
    /// or an error shows it. Empty when the text has no words.
    public func collapsedToOneLine(maximumCharacters: Int) -> String {
        let joined = split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return joined.count > maximumCharacters ? String(joined.prefix(maximumCharacters)) + "…" : joined
    }
}
