// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import GatewayCore
import Glibc
import JSON
import Pipeline
import Storage

/// `tempest-gateway status`: ask the running gateway how it is doing.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show what the running gateway hears, stores and publishes.",
        discussion: """
            Asks the running gateway over its status socket and prints, per \
            device, how long ago each kind of message arrived, its source, battery and power mode; the MQTT \
            connection and the outbox; and the datagram counters (received, decoded, rejected by reason, \
            duplicates, late, dropped by the kernel). Exit status 1 when the gateway does not answer; the \
            message says why: not running, or the socket is private to the gateway's user (mode 0600; run \
            status as that user or with sudo). With --json, a document {"state": ...} on standard output \
            says it too: not_running, permission_denied or no_answer. When the database can be read, the text \
            ends with each device's newest stored observation in --units (default: the configured mqtt.units); \
            the JSON document has no weather values.

            Where it looks, with no options: $RUNTIME_DIRECTORY/tempest-gateway.sock when set, then the \
            packaged daemon's /run/tempest-gateway/tempest-gateway.sock when it exists, then the database \
            path plus .sock (the database: storage.database of the configuration, else \
            $STATE_DIRECTORY/tempest-gateway.db, else /var/lib/tempest-gateway/tempest-gateway.db when that \
            directory exists, else ./tempest-gateway.db). --socket names the socket; --database names the \
            database, whose own socket is then asked (and the service's, for the service's database).

            Examples:
              tempest-gateway status
              tempest-gateway status --units imperial
              tempest-gateway status --json --socket /run/tempest-gateway/tempest-gateway.sock
            """
    )

    @OptionGroup var databaseOptions: DatabaseOptions

    @OptionGroup var socketOptions: SocketOptions

    @Flag(help: "Print the gateway's JSON document.")
    var json = false

    @OptionGroup var unitOptions: UnitOptions

    func run() throws {
        let socketPath = socketOptions.path(database: databaseOptions.path, databaseIsExplicit: databaseOptions.database != nil)
        let answer = StatusAnswer.fetch(socketPath: socketPath, format: json ? "json" : "text")
        if case .report(let report) = answer {
            StandardOutput.line(report)
            if !json { try newestObservations().forEach(StandardOutput.line) }
            return
        }
        let message = StatusCommand.explanation(answer, socketPath: socketPath)
        StandardOutput.errorLine(message)
        if json, let state = answer.state {
            var writer = JSONWriter()
            writer.beginObject()
            writer.member("state", state)
            writer.member("socket", socketPath)
            writer.member("message", message)
            writer.endObject()
            StandardOutput.line(writer.text)
        }
        throw ExitCode(1)
    }

    /// Each device's newest stored observation as a sentence in the chosen
    /// units; none when the database cannot be read (it may be private to
    /// the gateway's user, whose status socket still answered).
    private func newestObservations() throws -> [String] {
        let settings = try unitOptions.settings()
        let units = unitOptions.chosen(settings)
        guard FileStatus.exists(databaseOptions.path), let store = try? Store(readOnlyPath: databaseOptions.path),
            let newest = try? store.newestObservationPerDevice()
        else { return [] }
        // As the gateway publishes them: with each station's calibration.
        let correction = (try? ObservationCorrection(stations: settings.stations, store: store)) ?? .none
        let now = Int64(Glibc.time(nil))
        return newest.map { ObservationRecordFormat.sentence(correction.corrected($0), now: now, units: units) }
    }

    /// What went wrong, in a sentence that says what to do.
    static func explanation(_ answer: StatusAnswer, socketPath: String) -> String {
        switch answer {
        case .report, .notRunning:
            return "The gateway is not running, or not with this database: nothing answers on \(socketPath)."
        case .permissionDenied(let owner):
            let user = owner.map { "its user, \($0)" } ?? "the gateway's user"
            let asOwner = owner.map { " (sudo -u \($0) tempest-gateway status)" } ?? ""
            return "Permission denied on the status socket \(socketPath): it is open only to \(user). "
                + "Run status as that user\(asOwner) or with sudo (sudo tempest-gateway status)."
        case .noAnswer:
            return "The gateway did not answer on \(socketPath): it may be busy or stuck; try again, or see its log."
        }
    }
}
