// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import Configuration
import ForecastBridge
import GatewayCore
import Glibc
import MQTTSink
import Meteorology
import Pipeline
import Storage

extension ForecastCommand {
    /// The units of the output: `--units`, else the configured ones (see
    /// ``GatewayConfiguration/consoleUnits(option:)``).
    func chosenUnits(_ settings: GatewayConfiguration) -> PublishedForecastUnits {
        PublishedForecastUnits(units: unitOptions.chosen(settings))
    }

    /// `forecast --database PATH [--verification] [--json]`: what `run` keeps in the database.
    func showStored(database path: String, settings: GatewayConfiguration) throws {
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
        let zone = (response.timeZone ?? timezone ?? settings.station.timeZone).flatMap { try? TimeZoneRules(identifier: $0) } ?? TimeZoneRules.utc
        let station = try StationReading.read(
            from: store, now: now, localDate: zone.localDate(at: now).description,
            correction: ObservationCorrection(stations: settings.stations, store: store))
        let served = ServedForecast(response: response, fetchedAt: record.fetchedAt, isCurrent: false)
        let conditions = ForecastConditions(served, station: station, now: now)
        if json {
            StandardOutput.line(
                ForecastReport.json(
                    served, conditions: conditions, locationKey: record.locationKey, now: now,
                    // JSON follows only an explicit --units, as it always has; the configured units are for people.
                    units: PublishedForecastUnits(units: unitOptions.units == .imperial ? .imperial : .metric)))
        } else {
            ForecastReport.lines(
                served, conditions: conditions, station: station, locationKey: record.locationKey, hours: hours, now: now,
                style: .standardOutput, units: chosenUnits(settings)
            ).forEach(StandardOutput.line)
        }
    }
}
