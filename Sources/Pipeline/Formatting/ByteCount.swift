// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON

/// Byte counts for people: "1.4 megabytes".
public enum ByteCount {
    /// `bytes` in bytes, kilobytes or megabytes, one decimal.
    public static func text(_ bytes: Int64) -> String {
        if bytes < 1024 { return Plural.count(bytes, "byte") }
        if bytes < 1024 * 1024 { return "\(JSONWriter.format((Double(bytes) / 102.4).rounded() / 10)) kilobytes" }
        return "\(JSONWriter.format((Double(bytes) / 104_857.6).rounded() / 10)) megabytes"
    }
}
