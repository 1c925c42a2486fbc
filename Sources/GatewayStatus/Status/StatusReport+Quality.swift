// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON
import Pipeline
import TempestUDP

extension StatusReport {
    /// The quality checks' active findings, one sentence each (none: one
    /// sentence saying so), labels before values.
    static func qualityText(_ findings: [ValueFinding]) -> [String] {
        guard !findings.isEmpty else { return ["Quality checks: every value of the newest observations is good."] }
        return findings.map {
            "Quality finding on device \($0.serial): value \($0.field) is \($0.verdict.rawValue), reason \($0.reason.rawValue), "
                + "since \(UTCTime.iso8601(UnixTimestamp(secondsSince1970: $0.timestamp)))."
        }
    }

    /// The findings' member of the JSON report: `quality_findings`, an array (empty: none).
    static func writeQuality(_ findings: [ValueFinding], into json: inout JSONWriter) {
        json.key("quality_findings")
        json.beginArray()
        for finding in findings {
            json.beginObject()
            json.member("serial_number", finding.serial)
            json.member("field", finding.field)
            json.member("verdict", finding.verdict.rawValue)
            json.member("reason", finding.reason.rawValue)
            json.member("since", UTCTime.iso8601(UnixTimestamp(secondsSince1970: finding.timestamp)))
            json.endObject()
        }
        json.endArray()
    }
}
