// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The gateway's settings, typed, one property per section of the file.
/// `GatewayConfiguration()` holds the embedded defaults.
public struct GatewayConfiguration: Sendable, Equatable {
    /// `[udp]`: where to listen.
    public var udp: UDP
    /// `[storage]`: the database and how long each table keeps its rows.
    public var storage: Storage
    /// `[station]`: facts about the station.
    public var station: Station
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

    /// The embedded defaults.
    public init() {
        self.init(values: .defaults)
    }

    init(values: ConfigurationValues) {
        udp = UDP(values)
        storage = Storage(values)
        station = Station(values)
        mqtt = MQTT(values)
        weatherFlow = WeatherFlow(values)
        forecast = Forecast(values)
        metrics = Metrics(values)
        web = Web(values)
    }
}
