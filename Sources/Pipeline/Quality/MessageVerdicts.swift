// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Storage
import TempestUDP

/// The quality checks' findings for one message, and the message as it may
/// be published: its bad values removed (missing, so published as unknown).
public struct MessageVerdicts: Hashable, Sendable {
    /// The values that are not good, by row time and field.
    public var findings: [ValueFinding]

    /// Findings as given.
    public init(findings: [ValueFinding] = []) {
        self.findings = findings
    }

    /// Whether no value is bad (suspect ones are published as they are).
    public var hasNoBadValue: Bool { !findings.contains { $0.verdict == .bad } }

    /// The names of the bad values of the newest row (what goes unknown on MQTT), with their reasons.
    public var badFieldsOfNewestRow: [String: QualityReason] {
        guard let newest = findings.map(\.timestamp).max() else { return [:] }
        var fields = [String: QualityReason]()
        for finding in findings where finding.timestamp == newest && finding.verdict == .bad { fields[finding.field] = finding.reason }
        return fields
    }

    /// The verdicts as rows of the store, beside the raw rows they judge.
    public var storeWrites: [StoreWrite] {
        findings.map {
            .verdict(
                ObservationVerdictRecord(
                    serial: $0.serial, timestamp: $0.timestamp, field: $0.field, verdict: $0.verdict.rawValue, reason: $0.reason.rawValue))
        }
    }

    /// `message` with every value judged bad made missing; the other values as they are.
    public func removingBad(from message: TempestMessage) -> TempestMessage {
        guard !hasNoBadValue else { return message }
        func cleaned<Row: ObservationRowLayout>(_ rows: [Row]) -> [Row] {
            rows.map { row in
                var row = row
                for finding in findings where finding.verdict == .bad && finding.timestamp == row.timestamp.secondsSince1970 {
                    row.removeValue(named: finding.field)
                }
                return row
            }
        }
        switch message {
        case .tempestObservation(var observation):
            observation.rows = cleaned(observation.rows)
            return .tempestObservation(observation)
        case .airObservation(var observation):
            observation.rows = cleaned(observation.rows)
            return .airObservation(observation)
        case .skyObservation(var observation):
            observation.rows = cleaned(observation.rows)
            return .skyObservation(observation)
        default:
            return message
        }
    }
}
