// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import ForecastBridge
import GatewayCore
import Glibc
import Meteorology
import Storage

extension ForecastCommand {
    /// The units of `--database` output (`--units`).
    var chosenUnits: PublishedForecastUnits {
        PublishedForecastUnits(units: units == .imperial ? .imperial : .metric)
    }

    /// `forecast --database PATH [--verification] [--json]`: what `run` keeps in the database.
    func showStored(database path: String) throws {
        let store: Store
        do {
            store = try Store(path: path)
        } catch {
            throw GatewayError.databaseUnavailable(path, error)
        }
        if verification {
            let summaries = try store.verificationSummary()
            if json {
                StandardOutput.line(VerificationReport.json(summaries))
            } else {
                VerificationReport.lines(summaries, style: .standardOutput).forEach(StandardOutput.line)
            }
            return
        }
        guard let record = try store.latestForecastSnapshot(), let response = ForecastResponse(bodyText: record.payloadJSON) else {
            StandardOutput.errorLine("No forecast in \(path) yet: run with --latitude and --longitude keeps one there.")
            throw ExitCode(1)
        }
        let now = Int64(Glibc.time(nil))
        let zone = (response.timeZone ?? timezone).flatMap { try? TimeZoneRules(identifier: $0) } ?? TimeZoneRules.utc
        let station = try StationReading.read(from: store, now: now, localDate: zone.localDate(at: now).description)
        let served = ServedForecast(response: response, fetchedAt: record.fetchedAt, isCurrent: false)
        let conditions = ForecastConditions(served, station: station, now: now)
        if json {
            StandardOutput.line(
                ForecastReport.json(served, conditions: conditions, locationKey: record.locationKey, now: now, units: chosenUnits))
        } else {
            ForecastReport.lines(
                served, conditions: conditions, station: station, locationKey: record.locationKey, hours: hours, now: now,
                style: .standardOutput, units: chosenUnits
            ).forEach(StandardOutput.line)
        }
    }
}
