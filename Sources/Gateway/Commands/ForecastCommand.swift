// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import Configuration
import ForecastBridge
import Forecasting
import GatewayCore
import Glibc
import HTTP
import MQTTSink
import Pipeline
import Storage
import TempestUDP

/// `tempest-gateway forecast`: the Open-Meteo variable catalog, or a
/// forecast fetched for a location.
struct ForecastCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forecast",
        abstract: "List Open-Meteo's forecast variables, or fetch a forecast for a place.",
        discussion: """
            With --catalog, lists the forecast variables the gateway knows, by category, with unit, \
            where each is available (current, 15-minute, hourly, daily) and whether it is fetched by default.

            Otherwise fetches the default variables from Open-Meteo for --latitude/--longitude and prints \
            the conditions now, then the next hours and the next days as tables (one row each, a header naming \
            every column and its unit). Times are in --timezone, else the configured station.timezone, else the \
            place's own zone, which Open-Meteo finds (timezone=auto) and names in the output. Values are in \
            --units, else the configured mqtt.units; --json prints Open-Meteo's answer unchanged. For a commercial \
            plan or a self-hosted server pass --open-meteo-api; an API key is read from \
            $TEMPEST_OPEN_METEO_API_KEY (never from the command line) and never printed. With \
            --database each forecast is kept in the gateway's database, and when Open-Meteo cannot be \
            reached the last one kept for the place is shown with its age.

            With --database and no location, shows what `run` keeps there: the station's newest observation \
            and the stored forecast side by side now (the forecast with its age), the corrected temperature \
            for the next hours, then the forecast's hours and days. With --verification, shows how good the \
            temperature forecast has been at the station: the mean absolute error by lead time.

            Examples:
              tempest-gateway forecast --catalog
              tempest-gateway forecast --database /var/lib/tempest-gateway/tempest-gateway.db
              tempest-gateway forecast --database /var/lib/tempest-gateway/tempest-gateway.db --verification --json
              tempest-gateway forecast --latitude 40.0 --longitude -105.0
              tempest-gateway forecast --latitude 39.7392 --longitude -104.9903 --timezone America/Denver --units imperial
              tempest-gateway forecast --latitude 39.7392 --longitude -104.9903 --timezone America/Denver \
                --hourly temperature_2m,precipitation_probability --daily sunrise,sunset --current "" --forecast-days 3
            """
    )

    @Flag(help: "List the variable catalog instead of fetching a forecast.")
    var catalog = false

    @OptionGroup var unitOptions: UnitOptions

    @Flag(help: "With --database: the mean absolute error of the temperature forecast by lead time.")
    var verification = false

    @Flag(help: "Print JSON: the catalog as an array, or the forecast as Open-Meteo sent it.")
    var json = false

    @Option(help: "Open-Meteo's base URL (the commercial host, a self-hosted server, or a test server).")
    var openMeteoApi: String = OpenMeteoClient.defaultBaseURL

    @Option(parsing: .unconditional, help: "Latitude in decimal degrees (south is negative: --latitude -33.87).")
    var latitude: Double?

    @Option(parsing: .unconditional, help: "Longitude in decimal degrees (west is negative: --longitude -104.99).")
    var longitude: Double?

    @Option(help: "The IANA time zone, e.g. America/Denver; days are counted in it (default: station.timezone from the configuration, else the place's own zone).")
    var timezone: String?

    @Option(parsing: .unconditional, help: "Days of forecast, 1 to 16.")
    var forecastDays: Int = 7

    @Option(parsing: .unconditional, help: "How many of the next hours to print.")
    var hours: Int = 12

    @Option(help: "Current variables, comma-separated, instead of the defaults (names from --catalog; empty for none).")
    var current: String?

    @Option(name: .customLong("minutely-15"), help: "15-minute variables, comma-separated (none by default).")
    var minutely15: String?

    @Option(help: "Hourly variables, comma-separated, instead of the defaults.")
    var hourly: String?

    @Option(help: "Daily variables, comma-separated, instead of the defaults.")
    var daily: String?

    @Option(help: "Keep each forecast in this SQLite database; when Open-Meteo cannot be reached, show the last one kept, with its age.")
    var database: String?

    func validate() throws {
        guard !catalog else { return }
        if verification || (database != nil && latitude == nil && longitude == nil) {
            guard database != nil else { throw ValidationError("--verification reads the record in --database PATH") }
            return
        }
        guard latitude != nil, longitude != nil else {
            throw ValidationError(
                "pass --latitude and --longitude to fetch a forecast, --database PATH to show the stored one, or --catalog to list the variables")
        }
        guard (1...ForecastQuery.maximumForecastDays).contains(forecastDays) else {
            throw ValidationError("--forecast-days must be 1 to \(ForecastQuery.maximumForecastDays)")
        }
        for resolution in ForecastResolution.allCases {
            let unknown = VariableCatalog.unavailable(chosen(resolution) ?? [], at: resolution)
            guard unknown.isEmpty else {
                throw ValidationError(
                    "not available as \(resolution.label) variables: \(unknown.joined(separator: ", ")); see tempest-gateway forecast --catalog")
            }
        }
    }

    /// The variables chosen on the command line for `resolution`; nil for the defaults.
    private func chosen(_ resolution: ForecastResolution) -> [String]? {
        let list: String? = switch resolution {
        case .current: current
        case .minutely15: minutely15
        case .hourly: hourly
        case .daily: daily
        }
        return list.map { $0.split(separator: ",").map { String($0.filter { !$0.isWhitespace }) }.filter { !$0.isEmpty } }
    }

    func run() async throws {
        if catalog {
            if json {
                StandardOutput.line(ForecastCatalogFormat.json())
            } else {
                ForecastCatalogFormat.lines(style: .standardOutput).forEach(StandardOutput.line)
            }
            return
        }
        let settings = try unitOptions.settings()
        if let database, verification || (latitude == nil && longitude == nil) {
            try showStored(database: database, settings: settings)
            return
        }
        guard let latitude, let longitude else { throw ExitCode(64) }
        let timezone = settings.forecastTimeZone(option: timezone)
        let apiKey = getenv("TEMPEST_OPEN_METEO_API_KEY").map { String(cString: $0) }
        let client = OpenMeteoClient(
            baseURL: openMeteoApi, apiKey: apiKey, httpClient: HTTPClient(version: GatewayVersion.current),
            // A person is waiting: one retry, at most 10 s apart.
            retryPolicy: RetryPolicy(maximumAttempts: 2, baseDelaySeconds: 1, maximumDelaySeconds: 10))
        var query = ForecastQuery.defaults(latitude: latitude, longitude: longitude, timeZone: timezone, forecastDays: forecastDays)
        query.current = chosen(.current) ?? query.current
        query.minutely15 = chosen(.minutely15) ?? query.minutely15
        query.hourly = chosen(.hourly) ?? query.hourly
        query.daily = chosen(.daily) ?? query.daily
        let store = try database.map { path in
            do {
                return try Store(path: path)
            } catch {
                throw GatewayError.databaseUnavailable(path, error)
            }
        }
        let now = RetryAfter.currentUnixSeconds()
        do {
            let fetched = try await client.forecast(query)
            if let store { try ForecastSnapshots.store(fetched, for: query, at: now, in: store) }
            show(fetched.response, bodyText: fetched.bodyText, now: now, units: chosenUnits(settings))
            if !json {
                StandardOutput.line("")
                StandardOutput.line(
                    "Cost: \(WeightedCalls.format(fetched.weightedCalls)) of Open-Meteo's weighted calls per attempt "
                        + "(\(Plural.count(query.variableCount, "variable")), \(Plural.count(query.forecastDays, "day"))).")
            }
        } catch let error as ForecastError {
            StandardOutput.errorLine("error: \(error)")
            guard ForecastSnapshots.isOutage(error), let store, let stored = try ForecastSnapshots.latest(for: query, in: store) else {
                throw ExitCode(1)
            }
            let age = ForecastSnapshots.age(from: stored.fetchedAt, to: now)
            StandardOutput.errorLine("Showing the last forecast kept in \(database ?? ""), fetched \(age) ago.")
            if !json { StandardOutput.line("Age: fetched \(age) ago, at \(UTCTime.readable(UnixTimestamp(secondsSince1970: stored.fetchedAt))).") }
            show(stored.response, bodyText: stored.bodyText, now: now, units: chosenUnits(settings))
        }
    }

    private func show(_ response: ForecastResponse, bodyText: String, now: Int64, units: PublishedForecastUnits) {
        if json {
            StandardOutput.line(bodyText)
        } else {
            ForecastFormat.lines(response, hours: hours, now: now, style: .standardOutput, units: units).forEach(StandardOutput.line)
        }
    }
}
