// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Synchronization
import TempestUDP

/// The quality checks for every device (a `DeviceQualityChecker` each), safe
/// to call from the ingest path of any source, and the findings that still
/// hold (for `status`, `doctor` and Home Assistant's problem sensor).
public final class QualityJudge: Sendable {
    private struct State {
        var thresholds: QualityThresholds
        var devices: [String: DeviceQualityChecker] = [:]
        var active: [String: [String: ValueFinding]] = [:]
        /// Each device's newest row judged: only it sets the active findings.
        var newest: [String: Int64] = [:]
    }

    private let state: Mutex<State>

    /// A judge with `thresholds` (`[quality]`).
    public init(thresholds: QualityThresholds = QualityThresholds()) {
        state = Mutex(State(thresholds: thresholds))
    }

    /// Changes the thresholds (a reload); each device's history is kept.
    public func setThresholds(_ thresholds: QualityThresholds) {
        state.withLock { state in
            state.thresholds = thresholds
            for serial in state.devices.keys { state.devices[serial]?.thresholds = thresholds }
            if !thresholds.enabled { state.active = [:] }
        }
    }

    /// Judges `message` as received (raw): the findings of its observation
    /// rows; a status or rain start is noted for the rows after it.
    /// `outOfBounds` names the values the decoder discarded.
    public func judge(_ message: TempestMessage, outOfBounds: [String] = []) -> MessageVerdicts {
        let serial = message.envelope.serialNumber.rawValue
        let rows: [QualityRowValues]
        switch message {
        case .tempestObservation(let observation): rows = observation.rows.map(QualityRowValues.init)
        case .airObservation(let observation): rows = observation.rows.map(QualityRowValues.init)
        case .skyObservation(let observation): rows = observation.rows.map(QualityRowValues.init)
        case .deviceStatus(let status):
            withChecker(serial) { $0.note(status) }
            return MessageVerdicts()
        case .rainStart(let event):
            withChecker(serial) { $0.noteRainStart(at: event.timestamp.secondsSince1970) }
            return MessageVerdicts()
        default:
            return MessageVerdicts()
        }
        let discarded = Set(outOfBounds)
        return state.withLock { state in
            var checker = state.devices[serial] ?? DeviceQualityChecker(thresholds: state.thresholds)
            var findings = [ValueFinding]()
            for row in rows.sorted(by: { $0.timestamp < $1.timestamp }) {
                let rowFindings = checker.judge(row, serial: serial, outOfBounds: discarded)
                findings += rowFindings
                guard row.timestamp >= state.newest[serial] ?? row.timestamp else { continue }
                state.newest[serial] = row.timestamp
                state.active[serial] = Self.active(rowFindings, previous: state.active[serial] ?? [:])
            }
            state.devices[serial] = checker
            return MessageVerdicts(findings: findings)
        }
    }

    /// The findings that still hold: each device's newest row's, by device
    /// and field, each dated (`timestamp`) from the first row of its
    /// unbroken run with the same verdict and reason.
    public func activeFindings() -> [ValueFinding] {
        state.withLock { state in
            state.active.keys.sorted().flatMap { serial in
                state.active[serial]!.keys.sorted().map { state.active[serial]![$0]! }
            }
        }
    }

    private func withChecker(_ serial: String, _ body: (inout DeviceQualityChecker) -> Void) {
        state.withLock { state in
            var checker = state.devices[serial] ?? DeviceQualityChecker(thresholds: state.thresholds)
            body(&checker)
            state.devices[serial] = checker
        }
    }

    /// A row's findings as active ones: a finding already active with the same verdict and reason keeps its start.
    private static func active(_ findings: [ValueFinding], previous: [String: ValueFinding]) -> [String: ValueFinding] {
        var active = [String: ValueFinding]()
        for var finding in findings {
            if let held = previous[finding.field], held.verdict == finding.verdict, held.reason == finding.reason {
                finding.timestamp = held.timestamp
            }
            active[finding.field] = finding
        }
        return active
    }
}
