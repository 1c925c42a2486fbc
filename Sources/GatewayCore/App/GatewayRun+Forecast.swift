// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import ForecastBridge
import Forecasting
import HTTP
import Logging
import MQTTSink
import Pipeline
import Storage

extension GatewayRun {
    /// How the forecast service polls beyond the configuration (tests shorten both).
    public struct ForecastTiming: Sendable {
        /// Seconds before the first retry of a failed poll.
        public var firstRetrySeconds: Int64 = 60
        /// Seconds between refreshes of the published conditions.
        public var refreshSeconds: Double = 60
        /// Forecasts were turned off on the command line (`--no-forecast`),
        /// for the log line that says why they are off.
        public var offByOption = false

        /// The defaults.
        public init() {}
    }

    /// What a forecast service is made of: the run's parts it reads and publishes through.
    struct ForecastServiceParts: Sendable {
        var writer: StoreWriter
        var summaries: DailySummaryKeeper
        var outlet: RetainedStateOutlet?
        var units: PublishedUnits
        var timeZone: String
        /// Each station's calibration: the station's reading is corrected.
        var corrector = ObservationCorrector()
    }

    /// The forecast service for `settings` (`[forecast]`, and the location
    /// from `[station]`), or nil, with a one-line notice in `operatorLog`,
    /// when there is no location or forecasts are off. The other stations
    /// with coordinates get companions: the same variables, their own place
    /// and zone, one shared client (and budget).
    ///
    /// - Throws: `GatewayError.forecastUnavailable` when the Open-Meteo key
    ///   cannot be read.
    static func makeForecastService(
        _ settings: GatewayConfiguration, parts: ForecastServiceParts, timing: ForecastTiming, operatorLog: OperatorLog
    ) throws -> ForecastService? {
        guard !timing.offByOption, settings.forecast.enabled else {
            operatorLog.line(timing.offByOption ? "Forecasts are off (--no-forecast)." : "Forecasts are off (forecast.enabled = false).")
            return nil
        }
        guard let latitude = settings.station.latitude, let longitude = settings.station.longitude else {
            operatorLog.line(
                "No location: forecasts are off (pass --latitude and --longitude, or set station.latitude and station.longitude; setup writes them).")
            return nil
        }
        let apiKey: String?
        do {
            apiKey = try settings.forecast.apiKeySource?.load().withValue { $0 }
        } catch {
            throw GatewayError.forecastUnavailable("Open-Meteo API key: \(error)")
        }
        let forecast = settings.forecast
        let client = OpenMeteoClient(
            baseURL: forecast.openMeteoAPI, apiKey: apiKey, httpClient: HTTPClient(version: GatewayVersion.current),
            retryPolicy: RetryPolicy(maximumAttempts: 3, baseDelaySeconds: 2, maximumDelaySeconds: 60),
            logger: Logger(label: "tempest.forecast"))
        // A system zone copied rather than linked has no IANA name: let Open-Meteo take the coordinates' zone.
        let zoneName = parts.timeZone == "localtime" ? "auto" : parts.timeZone
        var query = ForecastQuery.defaults(latitude: latitude, longitude: longitude, timeZone: zoneName, forecastDays: 16)
        // Sections chosen in the configuration replace the defaults.
        query.current = forecast.variables["current"] ?? query.current
        query.minutely15 = forecast.variables["minutely_15"] ?? query.minutely15
        query.hourly = forecast.variables["hourly"] ?? query.hourly
        query.daily = forecast.variables["daily"] ?? query.daily
        let schedule = PollSchedule(intervalSeconds: Int64(forecast.pollMinutes) * 60, firstRetrySeconds: timing.firstRetrySeconds)
        operatorLog.line(
            "Forecasts from \(RedactedURL.redact(forecast.openMeteoAPI)) for \(query.locationKey) every \(Plural.count(forecast.pollMinutes, "minute")) "
                + "(\(WeightedCalls.format(query.weightedCalls)) weighted calls a poll).")
        let refreshSeconds = max(0.2, timing.refreshSeconds)
        var companions: [ForecastService] = []
        for (index, station) in settings.stations.enumerated().dropFirst() {
            guard let latitude = station.latitude, let longitude = station.longitude else { continue }
            var other = query
            other.latitude = latitude
            other.longitude = longitude
            other.timeZone = station.timeZone ?? "auto"
            let name = forecastTopicName(of: station, number: index + 1)
            operatorLog.line("Forecasts also for station \(name) at \(other.locationKey), under <base>/station/\(name)/forecast.")
            companions.append(
                ForecastService(
                    poller: ForecastPoller(client: client, query: other, schedule: schedule), query: other, writer: parts.writer,
                    outlet: parts.outlet, units: parts.units, refreshSeconds: refreshSeconds,
                    station: StationReading.provider(
                        writer: parts.writer, summaries: parts.summaries, serials: serials(of: station), corrector: parts.corrector),
                    logger: Logger(label: "tempest.forecast.\(name)"), operatorLog: operatorLog,
                    topicBase: parts.outlet.map { "\($0.layout.base)/station/\(name)" }))
        }
        let several = settings.stations.count > 1
        return ForecastService(
            poller: ForecastPoller(client: client, query: query, schedule: schedule), query: query, writer: parts.writer,
            outlet: parts.outlet, units: parts.units, refreshSeconds: refreshSeconds,
            station: StationReading.provider(
                writer: parts.writer, summaries: parts.summaries, serials: several ? serials(of: settings.station) : nil,
                corrector: parts.corrector),
            logger: Logger(label: "tempest.forecast"), operatorLog: operatorLog, companions: companions)
    }

    /// A station's name in its forecast topics: its station_id, else `number` (its place in the file).
    static func forecastTopicName(of station: GatewayConfiguration.Station, number: Int) -> String {
        station.stationID.map(String.init) ?? String(number)
    }

    /// The station's serials for its forecast merge; nil (every device) when it lists none.
    private static func serials(of station: GatewayConfiguration.Station) -> Set<String>? {
        station.serials.isEmpty ? nil : Set(station.serials)
    }
}
