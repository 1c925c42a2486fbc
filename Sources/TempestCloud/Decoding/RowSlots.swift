// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON

/// Positional access to a row where a slot may be missing or null.
struct RowSlots {
    let values: [JSONValue]
    init(_ values: [JSONValue]) { self.values = values }
    func double(_ index: Int) -> Double? { index < values.count ? values[index].doubleValue : nil }
    func integer(_ index: Int) -> Int64? { index < values.count ? values[index].int64Value : nil }
}
