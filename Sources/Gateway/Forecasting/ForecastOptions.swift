// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import Configuration
import ForecastBridge
import GatewayCore

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

    /// `configured` with these options applied: the options win over the
    /// configuration (`[forecast]`, and the location in `[station]`, which
    /// the daylight figures use too).
    func applied(to configured: GatewayConfiguration) -> GatewayConfiguration {
        var settings = configured
        if let latitude, let longitude {
            settings.station.latitude = latitude
            settings.station.longitude = longitude
        }
        if let openMeteoApi { settings.forecast.openMeteoAPI = openMeteoApi }
        if let openMeteoKeyFile { settings.forecast.apiKeyFile = openMeteoKeyFile }
        if let forecastInterval { settings.forecast.pollMinutes = forecastInterval }
        return settings
    }

    /// How the forecast service polls beyond the configuration.
    var timing: GatewayRun.ForecastTiming {
        var timing = GatewayRun.ForecastTiming()
        timing.firstRetrySeconds = forecastRetrySeconds
        timing.refreshSeconds = forecastRefreshSeconds
        timing.offByOption = noForecast
        return timing
    }
}
