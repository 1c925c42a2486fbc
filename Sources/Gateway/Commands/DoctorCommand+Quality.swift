// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON

extension DoctorCommand {
    /// The quality checks' active findings, as the running gateway reports
    /// them: a warning naming each device's values and reasons; none when
    /// the gateway is not answering (the findings live in its memory).
    func qualityCheck(databasePath: String) -> Check? {
        guard case .report(let answer) = StatusAnswer.fetch(
            socketPath: socketOptions.path(database: databasePath, databaseIsExplicit: databaseOptions.database != nil), format: "json"),
            let findings = (try? JSONValue.parse(answer))?["quality_findings"]?.arrayValue
        else { return nil }
        let name = "sensor values pass the quality checks"
        guard !findings.isEmpty else { return Check(name: name, outcome: .pass, detail: "every value of the newest observations is good") }
        let detail = findings.map { finding in
            let serial = finding["serial_number"]?.stringValue ?? "?"
            let field = finding["field"]?.stringValue ?? "?"
            let verdict = finding["verdict"]?.stringValue ?? "?"
            let reason = finding["reason"]?.stringValue ?? "?"
            return "\(serial) \(field) \(verdict) (\(reason)) since \(finding["since"]?.stringValue ?? "?")"
        }.joined(separator: "; ")
        return Check(
            name: name, outcome: .warn, detail: detail,
            hint: "a bad value is published as unknown until the sensor reads true again; docs/data.md explains each reason")
    }
}
