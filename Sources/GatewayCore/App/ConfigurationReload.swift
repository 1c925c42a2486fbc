// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import Pipeline

/// What a reloaded configuration changes: the parts `run` applies while it
/// keeps listening, and the parts that need a restart.
///
/// Applied live: retention (`[storage]` days and packing), the station's
/// elevation and sensor height (sea-level pressure from the next message),
/// the MQTT connection (`[mqtt]` host, port, user, password and its file,
/// TLS, client id, protocol, keepalive and session: the publisher moves to
/// the new connection, see `GatewayPublisher.reconnect`), the WeatherFlow
/// cloud (`[weatherflow]`, `station.station_id`: the follower restarts with
/// the new settings and token) and forecasts (`[forecast]`, the location:
/// the service restarts), each station's calibration (`[station.calibration]`:
/// a new set stored, applied to what is measured from then on). Everything the listener, the database, the daily
/// totals or the published topics were built from (`[udp]`,
/// `storage.database`, `station.timezone`, the devices admitted
/// (`station.serials`, `station.max_devices`), `mqtt.enabled`, the topics,
/// units, QoS and entities of `[mqtt]`, `[metrics]`, `[web]` and the web
/// page's password) waits for a restart,
/// which the log says.
public struct ConfigurationReload {
    /// Parts that changed and are applied now.
    public var applied: [String] = []
    /// Parts that changed and take effect after a restart.
    public var needRestart: [String] = []
    /// Parts that changed and could not be applied, with the reason.
    public var failed: [String] = []

    /// Compares the running configuration with the reloaded one.
    public init(from old: GatewayConfiguration, to new: GatewayConfiguration) {
        if old.storage.retentionPolicy != new.storage.retentionPolicy { applied.append("retention ([storage] days)") }
        if Self.cloudChanged(old, new) { applied.append("the WeatherFlow cloud ([weatherflow], station.station_id)") }
        if Self.forecastChanged(old, new) { applied.append("forecasts ([forecast], station.latitude and longitude)") }
        if old.udp != new.udp { needRestart.append("[udp]") }
        if old.storage.database != new.storage.database { needRestart.append("storage.database") }
        if old.stations.map(\.timeZone) != new.stations.map(\.timeZone) { needRestart.append("station.timezone") }
        if old.stations.map(\.serials) != new.stations.map(\.serials) || old.station.maxDevices != new.station.maxDevices {
            needRestart.append("station.serials and max_devices")
        }
        if StationSites(old.stations) != StationSites(new.stations) {
            applied.append("station.elevation and sensor_height")
        }
        if old.agronomy != new.agronomy { applied.append("[agronomy]") }
        if Self.mqttPublishingChanged(old.mqtt, new.mqtt) {
            needRestart.append("[mqtt] enabled, topics, units, QoS or entities")
        }
        if old.metrics != new.metrics { needRestart.append("[metrics]") }
        if old.web != new.web { needRestart.append("[web]") }
        if old.exports != new.exports { needRestart.append("[[export]]") }
        if !old.uploads.contains(where: \.enabled), new.uploads.contains(where: \.enabled) {
            needRestart.append("[[upload]] (the first destination of a run)")
        }
        if !old.uploads.contains(where: { $0.enabled && $0.isRealTime }), new.uploads.contains(where: { $0.enabled && $0.isRealTime }) {
            needRestart.append("Weather Underground's RapidFire (3-second wind)")
        }
    }

    /// The upload destinations a reload restarted (`started` and `stopped`
    /// by table number) and those it could not make.
    public mutating func noteUploads(started: [Int], stopped: [Int], failed: [String]) {
        let restarted = Set(started).intersection(stopped).sorted()
        let added = Set(started).subtracting(stopped).sorted()
        let removed = Set(stopped).subtracting(started).sorted()
        func list(_ numbers: [Int]) -> String { numbers.map(String.init).joined(separator: ", ") }
        if !restarted.isEmpty { applied.append("upload \(list(restarted)) restarted") }
        if !added.isEmpty { applied.append("upload \(list(added)) started") }
        if !removed.isEmpty { applied.append("upload \(list(removed)) stopped") }
        self.failed += failed
    }

    /// The stations (1-based) whose calibration a reload stored: applied
    /// to what is measured from now on.
    public mutating func noteCalibration(stations: [Int]) {
        guard !stations.isEmpty else { return }
        applied.append(Self.calibrationPhrase(stations: stations))
    }

    /// The calibration could not be stored: the running one stays.
    public mutating func noteCalibrationFailed(_ reason: String) {
        failed.append("the calibration stays as it was: \(reason)")
    }

    /// "the calibration of station 2 ([station.calibration]), to what is measured from now on".
    static func calibrationPhrase(stations: [Int]) -> String {
        "the calibration of \(stationNames(stations)) ([station.calibration]), to what is measured from now on"
    }

    /// "station 1, station 2".
    private static func stationNames(_ stations: [Int]) -> String {
        stations.map { "station \($0)" }.joined(separator: ", ")
    }

    /// The start's line when it stored a calibration set that corrects
    /// differently: a station's first set also counts for what was stored
    /// before it (`ObservationCorrection.changedSets`).
    public static func calibrationSentence(stations: [Int]) -> String {
        "Calibration of \(stationNames(stations)) stored ([station.calibration]): applied to what is measured from now on; "
            + "rows measured earlier keep the set of their time (a station's first set counts for them too)."
    }

    /// Whether `[mqtt]` changed in what it publishes, or in being on at all;
    /// the connection's own settings are left out (they apply live).
    public static func mqttPublishingChanged(_ old: GatewayConfiguration.MQTT, _ new: GatewayConfiguration.MQTT) -> Bool {
        var new = new
        new.host = old.host
        new.port = old.port
        new.user = old.user
        new.passwordFile = old.passwordFile
        new.tls = old.tls
        new.caFile = old.caFile
        new.clientID = old.clientID
        new.protocolVersion = old.protocolVersion
        new.keepalive = old.keepalive
        new.persistentSession = old.persistentSession
        new.sessionExpiry = old.sessionExpiry
        return old != new
    }

    /// The publisher moved to a new broker connection.
    public mutating func noteMQTTConnectionMoved() {
        applied.append("the MQTT connection ([mqtt] host, port, credentials, TLS or session)")
    }

    /// The publisher could not move to the new connection: the current one stays.
    public mutating func noteMQTTConnectionFailed(_ reason: String) {
        failed.append("the MQTT connection stays as it was: \(reason)")
    }

    public static func cloudChanged(_ old: GatewayConfiguration, _ new: GatewayConfiguration) -> Bool {
        old.weatherFlow != new.weatherFlow || old.stations.map(\.stationID) != new.stations.map(\.stationID)
            || old.stations.map(\.serials) != new.stations.map(\.serials)
    }

    public static func forecastChanged(_ old: GatewayConfiguration, _ new: GatewayConfiguration) -> Bool {
        old.forecast != new.forecast || old.stations.map(\.latitude) != new.stations.map(\.latitude)
            || old.stations.map(\.longitude) != new.stations.map(\.longitude)
    }

    /// One line for the log.
    public var summary: String {
        if applied.isEmpty && needRestart.isEmpty && failed.isEmpty { return "Configuration reloaded: nothing changed." }
        var parts: [String] = []
        if !applied.isEmpty { parts.append("applied " + applied.joined(separator: ", ")) }
        if !needRestart.isEmpty { parts.append("after a restart: " + needRestart.joined(separator: ", ")) }
        parts += failed
        return "Configuration reloaded: " + parts.joined(separator: "; ") + "."
    }
}
