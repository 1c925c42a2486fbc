// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import CloudFollowing
import Configuration
import Forecasting
import Glibc
import MQTT
import MQTTSink
import Meteorology
import Pipeline
import Storage
import Synchronization
import WeatherUploads

/// Applies a SIGHUP to a running gateway: reads the configuration again
/// (the command line's options still win), keeps the running one when the
/// new one has a problem, applies the retention and the elevation at once,
/// moves the MQTT connection when its settings or its password changed, has
/// the cloud follower and the forecast service restart when their settings
/// changed, stores and applies a changed `[station.calibration]` from now
/// on, restarts the `[[upload]]` destinations whose table, station or
/// key changed (only those), and says what waits for a restart.
final class ConfigurationReloader: Sendable {
    private let running: Mutex<GatewayConfiguration>
    private let load: @Sendable () throws -> GatewayConfiguration
    private let mqttClientConfiguration: @Sendable (GatewayConfiguration.MQTT) throws -> MQTTConfiguration
    private let writer: StoreWriter
    private let publisher: GatewayPublisher?
    private let ingestor: Ingestor
    private let cloud: ReplaceableService<CloudFollowers>
    private let forecasts: ReplaceableService<ForecastService>
    private let uploads: UploadGroup?
    /// The destinations of a configuration, and what could not be made.
    private let makeUploadMembers: @Sendable (GatewayConfiguration, [UploadMember]) -> (members: [UploadMember], failed: [String])
    private let operatorLog: OperatorLog

    init(
        running: GatewayConfiguration, load: @escaping @Sendable () throws -> GatewayConfiguration,
        mqttClientConfiguration: @escaping @Sendable (GatewayConfiguration.MQTT) throws -> MQTTConfiguration,
        writer: StoreWriter, publisher: GatewayPublisher?, ingestor: Ingestor, cloud: ReplaceableService<CloudFollowers>,
        forecasts: ReplaceableService<ForecastService>, uploads: UploadGroup?,
        makeUploadMembers: @escaping @Sendable (GatewayConfiguration, [UploadMember]) -> (members: [UploadMember], failed: [String]),
        operatorLog: OperatorLog
    ) {
        self.running = Mutex(running)
        self.load = load
        self.mqttClientConfiguration = mqttClientConfiguration
        self.writer = writer
        self.publisher = publisher
        self.ingestor = ingestor
        self.cloud = cloud
        self.forecasts = forecasts
        self.uploads = uploads
        self.makeUploadMembers = makeUploadMembers
        self.operatorLog = operatorLog
    }

    /// Reads the configuration again and applies what changed.
    func reload() async {
        let running = self.running.withLock { $0 }
        let new: GatewayConfiguration
        do {
            new = try load()
        } catch {
            operatorLog.line("Configuration not reloaded, the running one stays: \(error)")
            return
        }
        var changes = ConfigurationReload(from: running, to: new)
        writer.setRetention(new.storage.retentionPolicy)
        ingestor.setSites(StationSites(new.stations))
        ingestor.setGrowers(sites: DeviceSites(configured: new.stations), degreeDayBaseCelsius: new.agronomy.baseTemperatureCelsius)
        ingestor.setPublishesConfirmedStrikesOnly(new.mqtt.publishesConfirmedStrikesOnly)
        do {
            let calibrated = try await ingestor.corrector.apply(new.stations, writer: writer, now: Int64(Glibc.time(nil)))
            changes.noteCalibration(stations: calibrated)
        } catch {
            changes.noteCalibrationFailed("\(error)")
        }
        ingestor.quality.setThresholds(GatewayRun.qualityThresholds(new))
        if let publisher, new.mqtt.enabled {
            // The password is read again too: a rotated secret counts as a change.
            do {
                if try await publisher.reconnect(with: mqttClientConfiguration(new.mqtt)) { changes.noteMQTTConnectionMoved() }
            } catch {
                changes.noteMQTTConnectionFailed("\(error)")
            }
        }
        if ConfigurationReload.cloudChanged(running, new) { cloud.replace(with: new) }
        if ConfigurationReload.forecastChanged(running, new) { forecasts.replace(with: new) }
        if let uploads {
            // Rebuilt every time: a rotated key counts as a change.
            let (members, failed) = makeUploadMembers(new, uploads.members)
            let (started, stopped) = await uploads.replace(with: members)
            changes.noteUploads(started: started, stopped: stopped, failed: failed)
        }
        operatorLog.line(changes.summary)
        self.running.withLock { $0 = new }
    }
}
