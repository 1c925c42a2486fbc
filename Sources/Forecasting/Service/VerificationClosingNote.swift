// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON
import Pipeline
import Storage

/// The line `run` says on shutdown about how good the temperature forecast
/// has been here, from the verification record.
public enum VerificationClosingNote {
    /// Lead times shown in `run`'s closing note.
    public static let closingLeadHours: Set<Int> = [0, 1, 3, 6, 12, 24]

    /// One line for `run`'s closing note: the mean absolute error at a few lead times.
    public static func closingNote(_ summaries: [VerificationSummary]) -> String {
        let shown = summaries.filter { closingLeadHours.contains($0.leadHours) }
        guard !shown.isEmpty else { return "Forecast verification: no verified forecast hours yet." }
        return "Forecast verification, mean absolute error of the temperature by lead time: "
            + shown.map { summary in
                "\(Plural.count(summary.leadHours, "hour")) ahead \(format(summary.meanAbsoluteErrorCelsius)) degrees Celsius "
                    + "(\(Plural.count(summary.count, "hour")))"
            }.joined(separator: ", ") + "."
    }

    private static func format(_ value: Double) -> String { JSONWriter.format((value * 100).rounded() / 100) }
}
