// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The gateway's settings, typed, one property per section of the file.
/// `GatewayConfiguration()` holds the embedded defaults.
public struct GatewayConfiguration: Sendable, Equatable {
    /// `[udp]`: where to listen.
    public var udp: UDP
    /// `[storage]`: the database and how long each table keeps its rows.
    public var storage: Storage
    /// `[station]`, or one `[[station]]` table each: facts about every
    /// station, in file order; never empty (without a table, one station
    /// with the defaults).
    public var stations: [Station]
    /// `[mqtt]`: the broker and what to publish.
    public var mqtt: MQTT
    /// `[weatherflow]`: the WeatherFlow cloud.
    public var weatherFlow: WeatherFlow
    /// `[forecast]`: the Open-Meteo forecast.
    public var forecast: Forecast
    /// `[metrics]`: the health and metrics endpoint.
    public var metrics: Metrics
    /// `[web]`: the web page.
    public var web: Web
    /// `[quality]`: the quality checks' thresholds.
    public var quality: Quality
    /// `[agronomy]`: the growers' figures.
    public var agronomy: Agronomy
    /// `[[export]]`, one table each: the time-series databases every
    /// stored observation goes to, in file order (empty: none).
    public var exports: [Export]
    /// `[[upload]]`, one table each: the weather networks the stations'
    /// readings go to, in file order (empty: none).
    public var uploads: [Upload]

    /// The embedded defaults.
    public init() {
        self.init(values: .defaults)
    }

    init(values: ConfigurationValues, stations: [ConfigurationValues]? = nil, exports: [ConfigurationValues] = [], uploads: [ConfigurationValues] = []) {
        udp = UDP(values)
        storage = Storage(values)
        self.stations = (stations ?? [values]).map(Station.init)
        if self.stations.isEmpty { self.stations = [Station(values)] }
        mqtt = MQTT(values)
        weatherFlow = WeatherFlow(values)
        forecast = Forecast(values)
        metrics = Metrics(values)
        web = Web(values)
        quality = Quality(values)
        agronomy = Agronomy(values)
        self.exports = exports.map(Export.init)
        self.uploads = uploads.map(Upload.init)
    }

    /// The first station: the only one of a `[station]` file, and the one
    /// environment variables and `run`'s station options apply to.
    public var station: Station {
        get { stations[0] }
        set { stations[0] = newValue }
    }
}
