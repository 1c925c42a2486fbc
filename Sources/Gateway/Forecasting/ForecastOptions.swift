// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import Configuration
import ForecastBridge
import GatewayCore
import Glibc
import HTTP
import Logging
import Storage

/// `run`'s forecast options: where the station is, which Open-Meteo server
/// to ask and how often. Forecast polling is on when a location is given
/// (unless `--no-forecast`). The API key never comes from the command line:
/// from a file only its owner can read (`--open-meteo-key-file`),
/// `$TEMPEST_OPEN_METEO_API_KEY`, or the systemd credential `open-meteo-api-key`.
struct ForecastOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "The station's latitude in decimal degrees, for forecasts (south is negative: --latitude -33.87).")
    var latitude: Double?

    @Option(parsing: .unconditional, help: "The station's longitude in decimal degrees, for forecasts (west is negative: --longitude -104.99).")
    var longitude: Double?

    @Option(help: "Open-Meteo's base URL (the commercial host, a self-hosted server, or a test server; default \(OpenMeteoClient.defaultBaseURL)).")
    var openMeteoApi: String?

    @Option(help: "A file holding the Open-Meteo API key (mode 600); else $TEMPEST_OPEN_METEO_API_KEY or the systemd credential open-meteo-api-key, else none.")
    var openMeteoKeyFile: String?

    @Flag(help: "Do not poll Open-Meteo even when a location is given.")
    var noForecast = false

    @Option(parsing: .unconditional, help: "Minutes between forecast polls (at least 1; default 30).")
    var forecastInterval: Int?

    @Option(parsing: .unconditional, help: .hidden)
    var forecastRetrySeconds: Int64 = 60

    @Option(parsing: .unconditional, help: .hidden)
    var forecastRefreshSeconds: Double = 60

    func validate() throws {
        if latitude != nil || longitude != nil {
            guard let latitude, let longitude else {
                throw ValidationError("pass both --latitude and --longitude for forecasts")
            }
            try ConfigurationSchema.checkOption("latitude", sets: "station.latitude", latitude)
            try ConfigurationSchema.checkOption("longitude", sets: "station.longitude", longitude)
        }
        try ConfigurationSchema.checkOption("open-meteo-api", sets: "forecast.open_meteo_api", openMeteoApi)
        try ConfigurationSchema.checkOption("open-meteo-key-file", sets: "forecast.api_key_file", openMeteoKeyFile)
        try ConfigurationSchema.checkOption("forecast-interval", sets: "forecast.poll_minutes", forecastInterval)
    }

    /// The key from its source (``GatewayConfiguration/Forecast/apiKeySource``,
    /// with the option's file before the configuration's); nil when none is set.
    func apiKey(configured: GatewayConfiguration.Forecast) throws -> String? {
        var forecast = configured
        if let openMeteoKeyFile { forecast.apiKeyFile = openMeteoKeyFile }
        guard let source = forecast.apiKeySource else { return nil }
        do {
            return try source.load().withValue { $0 }
        } catch {
            throw ValidationError("Open-Meteo API key: \(error)")
        }
    }

    /// The forecast service for `run`, or nil (with a one-line notice in
    /// `operatorLog`) when there is no location or forecasts are off.
    /// Options win over the configuration (`[forecast]`, and the location
    /// from `[station]`).
    func makeService(
        writer: StoreWriter, summaries: DailySummaryKeeper, publisher: GatewayPublisher?, units: PublishedUnits,
        timeZone: String, configured: GatewayConfiguration, operatorLog: OperatorLog
    ) throws -> ForecastService? {
        guard !noForecast, configured.forecast.enabled else {
            operatorLog.line(noForecast ? "Forecasts are off (--no-forecast)." : "Forecasts are off (forecast.enabled = false).")
            return nil
        }
        guard let latitude = latitude ?? configured.station.latitude, let longitude = longitude ?? configured.station.longitude else {
            operatorLog.line(
                "No location: forecasts are off (pass --latitude and --longitude, or set station.latitude and station.longitude; setup writes them).")
            return nil
        }
        let openMeteoApi = self.openMeteoApi ?? configured.forecast.openMeteoAPI
        let forecastInterval = self.forecastInterval ?? configured.forecast.pollMinutes
        let client = OpenMeteoClient(
            baseURL: openMeteoApi, apiKey: try apiKey(configured: configured.forecast), httpClient: HTTPClient(version: GatewayVersion.current),
            retryPolicy: RetryPolicy(
                maximumAttempts: 3, baseDelaySeconds: 2, maximumDelaySeconds: 60),
            logger: Logger(label: "tempest.forecast"))
        // A system zone copied rather than linked has no IANA name: let Open-Meteo take the coordinates' zone.
        let zoneName = timeZone == "localtime" ? "auto" : timeZone
        var query = ForecastQuery.defaults(latitude: latitude, longitude: longitude, timeZone: zoneName, forecastDays: 16)
        // Sections chosen in the configuration replace the defaults.
        let chosen = configured.forecast.variables
        query.current = chosen["current"] ?? query.current
        query.minutely15 = chosen["minutely_15"] ?? query.minutely15
        query.hourly = chosen["hourly"] ?? query.hourly
        query.daily = chosen["daily"] ?? query.daily
        let schedule = PollSchedule(intervalSeconds: Int64(forecastInterval) * 60, firstRetrySeconds: forecastRetrySeconds)
        operatorLog.line(
            "Forecasts from \(RedactedURL.redact(openMeteoApi)) for \(query.locationKey) every \(Plural.count(forecastInterval, "minute")) "
                + "(\(WeightedCalls.format(query.weightedCalls)) weighted calls a poll).")
        let several = configured.stations.count > 1
        // The other stations with coordinates: the same variables, their own place and zone, one shared client (and budget).
        var companions: [ForecastService] = []
        for (index, station) in configured.stations.enumerated().dropFirst() {
            guard let latitude = station.latitude, let longitude = station.longitude else { continue }
            var other = query
            other.latitude = latitude
            other.longitude = longitude
            other.timeZone = station.timeZone ?? "auto"
            let name = Self.topicName(of: station, number: index + 1)
            operatorLog.line("Forecasts also for station \(name) at \(other.locationKey), under <base>/station/\(name)/forecast.")
            companions.append(
                ForecastService(
                    poller: ForecastPoller(client: client, query: other, schedule: schedule), query: other, writer: writer,
                    publisher: publisher, units: units, refreshSeconds: max(0.2, forecastRefreshSeconds),
                    station: StationReading.provider(writer: writer, summaries: summaries, serials: Self.serials(of: station)),
                    logger: Logger(label: "tempest.forecast.\(name)"), operatorLog: operatorLog,
                    topicBase: publisher.map { "\($0.layout.base)/station/\(name)" }))
        }
        return ForecastService(
            poller: ForecastPoller(client: client, query: query, schedule: schedule),
            query: query, writer: writer,
            publisher: publisher, units: units, refreshSeconds: max(0.2, forecastRefreshSeconds),
            station: StationReading.provider(writer: writer, summaries: summaries, serials: several ? Self.serials(of: configured.station) : nil),
            logger: Logger(label: "tempest.forecast"), operatorLog: operatorLog, companions: companions)
    }

    /// A station's name in its forecast topics: its station_id, else `number` (its place in the file).
    static func topicName(of station: GatewayConfiguration.Station, number: Int) -> String {
        station.stationID.map(String.init) ?? String(number)
    }

    /// The station's serials for its forecast merge; nil (every device) when it lists none.
    private static func serials(of station: GatewayConfiguration.Station) -> Set<String>? {
        station.serials.isEmpty ? nil : Set(station.serials)
    }
}
