// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import GatewayCore
import Meteorology

/// `--timezone ZONE`: the station's time zone, which turns a date such as
/// 2024-07-13 into that station-local day.
struct StationZoneOptions: ParsableArguments {
    @Option(help: "The station's IANA time zone for dates, such as America/Denver (default: the system's).")
    var timezone: String?

    /// The zone to use: the option, else the system's, else UTC.
    func zone() throws -> TimeZoneRules {
        do {
            return try StationZoneOptions.zone(named: timezone)
        } catch {
            throw ValidationError("--timezone: \(error)")
        }
    }

    /// The zone called `name`, else the system's, else UTC.
    static func zone(named name: String?) throws -> TimeZoneRules {
        try name.map { try TimeZoneRules(identifier: $0) } ?? TimeZoneRules.systemZone() ?? .utc
    }

    /// `time` as an instant: instants as given, dates as the start of that
    /// station-local day.
    func instant(_ time: TimeArgument, zone: TimeZoneRules) -> Int64 {
        switch time {
        case .instant(let seconds):
            return seconds
        case .date(let date):
            return zone.startOfDay(date)
        }
    }
}
