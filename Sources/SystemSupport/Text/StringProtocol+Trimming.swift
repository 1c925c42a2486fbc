// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension StringProtocol {
    /// The text without white space (spaces, tabs, line breaks, and the
    /// other characters Unicode counts as white space) at either end.
    public func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else {
            return ""
        }
        return String(self[first...last])
    }
}
