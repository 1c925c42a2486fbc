// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import GatewayCore
import Glibc
import JSON
import Pipeline
import SystemSupport

extension DoctorCommand {
    /// One check per enabled `[[upload]]`: the running gateway's word on it
    /// (last upload, last error, next try) when it answers, else whether
    /// its key can be read.
    func uploadChecks(_ settings: GatewayConfiguration, databasePath: String) -> [Check] {
        let enabled = settings.uploads.enumerated().filter { $0.element.enabled }
        guard !enabled.isEmpty else { return [] }
        var running: [Int: JSONValue] = [:]
        if case .report(let answer) = StatusAnswer.fetch(
            socketPath: socketOptions.path(database: databasePath, databaseIsExplicit: databaseOptions.database != nil), format: "json"),
            let uploads = (try? JSONValue.parse(answer))?["uploads"]?.arrayValue
        {
            for upload in uploads { if let number = upload["number"]?.intValue { running[number] = upload } }
        }
        return enabled.map { index, upload in
            let number = index + 1
            let name = "upload \(number) to \(upload.service.displayName) as \(upload.id)"
            if let status = running[number] { return Self.uploadCheck(name: name, running: status) }
            if let source = upload.keySource {
                do {
                    _ = try source.load()
                } catch {
                    return Check(name: name, outcome: .fail, detail: "its key cannot be read: \(error)", hint: "fix upload[\(number)].key_file")
                }
            } else if upload.service.needsKey {
                return Check(
                    name: name, outcome: .fail, detail: "no key is configured",
                    hint: "give upload[\(number)].key_file, $\(upload.service.keyEnvironmentVariable) or the systemd credential \(upload.service.keyCredential)")
            }
            return Check(
                name: name, outcome: .pass, detail: "the gateway is not answering; the key can be read",
                hint: "the station's readings are uploaded while the gateway runs")
        }
    }

    private static func uploadCheck(name: String, running status: JSONValue) -> Check {
        let state = status["state"]?.stringValue ?? "unknown"
        var detail = "\(state); last upload: " + (status["last_upload_at"]?.stringValue ?? "none since start")
        if let error = status["last_error"]?.stringValue { detail += "; last error: \(error)" }
        if let next = status["next_attempt_at"]?.stringValue { detail += "; next try: \(next)" }
        guard state == "failing" else {
            return Check(name: name, outcome: .pass, detail: detail, hint: "the first upload follows the station's first reading")
        }
        let rejected = (status["requests"]?["rejected_key"]?.intValue ?? 0) > 0 && (status["last_error"]?.stringValue ?? "").contains("refused the station id or key")
        return Check(
            name: name, outcome: .warn, detail: detail,
            hint: rejected
                ? "check the station id and key on the network's site; a rejected key is tried again once an hour"
                : "it tries again by itself; readings of services that take past ones wait in the database")
    }
}
