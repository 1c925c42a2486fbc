// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Finds the spans with no stored observation, for backfill.
public enum ObservationGaps {
    /// The spans of more than `minimumSeconds` without a row inside
    /// `from..<to`, as the seconds missing between two rows (or between
    /// `from` and the first row), newest first.
    ///
    /// The span after the last row is not a gap: it is either "now" or the
    /// silence that the REST fallback fills.
    public static func find(sortedTimestamps timestamps: [Int64], from: Int64, to: Int64, minimumSeconds: Int64) -> [ClosedRange<Int64>] {
        var gaps: [ClosedRange<Int64>] = []
        var previous = from - 1
        for timestamp in timestamps where timestamp >= from && timestamp < to {
            if timestamp - previous > minimumSeconds {
                gaps.append((previous + 1)...(timestamp - 1))
            }
            previous = max(previous, timestamp)
        }
        return gaps.reversed()
    }
}
