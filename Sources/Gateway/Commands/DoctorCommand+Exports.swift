// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import GatewayCore
import Glibc
import HTTP
import JSON
import Pipeline
import Storage

extension DoctorCommand {
    /// How far behind a destination may be before doctor warns: a few
    /// gathering rounds and a retry or two.
    static let exportLagWarningSeconds: Int64 = 600

    /// One check per enabled `[[export]]`: the running gateway's word on it
    /// (state, lag, last success, last error) when it answers, else what
    /// the database says of its cursor.
    func exportChecks(_ settings: GatewayConfiguration, databasePath: String) -> [Check] {
        let enabled = settings.exports.enumerated().filter { $0.element.enabled }
        guard !enabled.isEmpty else { return [] }
        var running: [Int: JSONValue] = [:]
        if case .report(let answer) = StatusAnswer.fetch(
            socketPath: socketOptions.path(database: databasePath, databaseIsExplicit: databaseOptions.database != nil), format: "json"),
            let exports = (try? JSONValue.parse(answer))?["exports"]?.arrayValue
        {
            for export in exports { if let number = export["number"]?.intValue { running[number] = export } }
        }
        let store = try? Store(readOnlyPath: databasePath)
        let now = Int64(time(nil))
        return enabled.map { index, export in
            let number = index + 1
            let name = "export \(number) to \(RedactedURL.redact(export.url))"
            if let status = running[number] { return Self.exportCheck(name: name, running: status) }
            guard let store, let cursor = try? store.sinkCursorState(named: GatewayRun.exportCursorName(url: export.url)) else {
                return Check(
                    name: name, outcome: .warn, detail: "the gateway has not started this destination yet (no position in the database)",
                    hint: "start or restart the gateway; it begins from what is stored then (and backfill_days before)")
            }
            let waiting = max(0, ((try? store.journalEnd()) ?? cursor.position) - cursor.position)
            let behindSeconds = waiting == 0 ? 0 : now - cursor.updatedAt
            let detail = "the gateway is not answering; the database says \(Plural.count(Int(waiting), "stored fact")) wait"
                + (waiting == 0 ? "" : ", the position last moved \(Plural.count(behindSeconds, "second")) ago")
            return Check(
                name: name, outcome: behindSeconds > Self.exportLagWarningSeconds ? .warn : .pass, detail: detail,
                hint: "they are sent when the gateway runs and the database answers")
        }
    }

    private static func exportCheck(name: String, running status: JSONValue) -> Check {
        let state = status["state"]?.stringValue ?? "unknown"
        let lagSeconds = status["lag_seconds"]?.int64Value ?? 0
        var detail = "\(state); stored facts waiting: \(status["lag_entries"]?.intValue ?? 0), behind by \(Plural.count(lagSeconds, "second"))"
        detail += "; last success: " + (status["last_success_at"]?.stringValue ?? "none since start")
        if let error = status["last_error"]?.stringValue { detail += "; last error: \(error)" }
        if state == "failing" {
            return Check(name: name, outcome: .warn, detail: detail, hint: "nothing is lost: points wait in the database until it answers; check its URL, credentials and that it runs")
        }
        return Check(name: name, outcome: lagSeconds > exportLagWarningSeconds ? .warn : .pass, detail: detail, hint: "it catches up by itself")
    }
}
