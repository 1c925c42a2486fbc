// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import GatewayCore
import JSON
import Pipeline
import Storage

/// `forecast --verification`: how good the temperature forecast has been at
/// the station, as the mean absolute error by lead time from the
/// verification record.
enum VerificationReport {
    static func lines(_ summaries: [VerificationSummary], style: TerminalStyle) -> [String] {
        guard !summaries.isEmpty else {
            return ["No verified forecast hours yet: run polls forecasts, and each hour is verified once it has passed and was observed."]
        }
        var lines = [style.emphasized("Temperature forecast against the station, by lead time:")]
        for summary in summaries {
            let bias = summary.meanErrorCelsius
            lines.append(
                "  lead \(Plural.count(summary.leadHours, "hour")): mean absolute error "
                    + "\(format(summary.meanAbsoluteErrorCelsius)) degrees Celsius, observed minus forecast on average "
                    + "\(bias > 0 ? "+" : "")\(format(bias)) degrees Celsius, over \(Plural.count(summary.count, "forecast hour"))")
        }
        return lines
    }

    static func json(_ summaries: [VerificationSummary]) -> String {
        var json = JSONWriter()
        json.beginArray()
        for summary in summaries {
            json.beginObject()
            json.member("lead_hours", Int64(summary.leadHours))
            json.member("count", Int64(summary.count))
            json.member("mean_absolute_error_c", (summary.meanAbsoluteErrorCelsius * 100).rounded() / 100)
            json.member("mean_error_c", (summary.meanErrorCelsius * 100).rounded() / 100)
            json.endObject()
        }
        json.endArray()
        return json.text
    }

    private static func format(_ value: Double) -> String { JSONWriter.format((value * 100).rounded() / 100) }
}
