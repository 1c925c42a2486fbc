// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Storage

/// The rows whose rain the quality checks found suspect (rain in strong wind
/// with no rain start, `QualityReason.rainInStrongWindWithoutRainStart`):
/// the daily totals keep that rain apart as `rain_suspect` until good rain
/// the same day confirms it (`DayTotals.suspectRainMillimeters`).
public struct SuspectRain: Hashable, Sendable {
    /// The times (epoch seconds) of the rows with suspect rain.
    public var timestamps: Set<Int64>

    /// None.
    public init(timestamps: Set<Int64> = []) {
        self.timestamps = timestamps
    }

    /// The suspect rain among stored verdicts.
    public init(_ verdicts: [ObservationVerdictRecord]) {
        timestamps = Set(
            verdicts.filter {
                $0.field == Self.field && $0.verdict == QualityVerdict.suspect.rawValue
                    && $0.reason == QualityReason.rainInStrongWindWithoutRainStart.rawValue
            }.map(\.timestamp))
    }

    /// The suspect rain among one message's findings.
    public init(_ verdicts: MessageVerdicts) {
        timestamps = Set(
            verdicts.findings.filter { $0.field == Self.field && $0.verdict == .suspect && $0.reason == .rainInStrongWindWithoutRainStart }
                .map(\.timestamp))
    }

    /// Whether the row at `timestamp` has suspect rain.
    public func contains(_ timestamp: Int64) -> Bool { timestamps.contains(timestamp) }

    static let field = "rain_accumulated"
}

extension Store {
    /// The suspect rain of `serial`'s rows from `from` to `to` (inclusive).
    public func suspectRain(serial: String, from: Int64, to: Int64) throws -> SuspectRain {
        SuspectRain(try verdicts(serial: serial, from: from, to: to))
    }
}
