// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import Configuration
import GatewayCore
import MQTTSink

extension RunCommand {
    /// What `run` uses: the embedded defaults, then the configuration file,
    /// then `TEMPEST_GATEWAY_*` environment variables, then every option
    /// given on the command line. Throws, naming every bad key, when the
    /// file or the environment has a problem (a time zone included). On a
    /// reload (`reloading`), `emptyFileGuard` may refuse a file that sets no
    /// key, unless `--allow-empty` was given: the running configuration
    /// then stays.
    func effectiveConfiguration(emptyFileGuard: EmptyFileGuard? = nil, reloading: Bool = false) throws -> GatewayConfiguration {
        var settings = try configOptions.configuration(emptyFileGuard: allowEmpty ? nil : emptyFileGuard, reloading: reloading)
        if let udpPort { settings.udp.port = Int(udpPort) }
        if let udpAddress { settings.udp.address = udpAddress }
        if let futureTolerance { settings.udp.futureToleranceSeconds = futureTolerance }
        if let maxDevices { settings.station.maxDevices = maxDevices }
        if let database { settings.storage.database = database }
        if let timezone = zoneOptions.timezone { settings.station.timeZone = timezone }
        if let elevation { settings.station.elevation = elevation }
        if let sensorHeight { settings.station.sensorHeight = sensorHeight }
        if let metricsPort { settings.metrics.port = Int(metricsPort) }
        if let metricsAddress { settings.metrics.address = metricsAddress }
        if let webPort { settings.web.port = Int(webPort) }
        if let webAddress { settings.web.address = webAddress }
        if let station { settings.station.stationID = station }
        if let fallbackAfter { settings.weatherFlow.fallbackAfterSeconds = fallbackAfter }
        if let fallbackAfterTestSeconds { settings.weatherFlow.fallbackAfterSeconds = fallbackAfterTestSeconds }
        if let backfillDays { settings.weatherFlow.backfillDays = backfillDays }
        if let mode { settings.weatherFlow.mode = GatewayConfiguration.InputMode(rawValue: mode) ?? settings.weatherFlow.mode }
        settings.mqtt = mqttOptions.applied(to: settings.mqtt)
        settings = forecastOptions.applied(to: settings)
        if let problem = HomeAssistantEntity.unknownEntityProblem(settings.mqtt.disabledEntities) {
            throw ValidationError("mqtt.disabled_entities: \(problem)")
        }
        return settings
    }

    /// Every option that sets a configuration key is held to that key's rule.
    func validate() throws {
        try ConfigurationSchema.checkOption("udp-port", sets: "udp.port", udpPort)
        try ConfigurationSchema.checkOption("udp-address", sets: "udp.address", udpAddress)
        try ConfigurationSchema.checkOption("future-tolerance", sets: "udp.future_tolerance_seconds", futureTolerance)
        try ConfigurationSchema.checkOption("max-devices", sets: "station.max_devices", maxDevices)
        try ConfigurationSchema.checkOption("database", sets: "storage.database", database)
        try ConfigurationSchema.checkOption("elevation", sets: "station.elevation", elevation)
        try ConfigurationSchema.checkOption("sensor-height", sets: "station.sensor_height", sensorHeight)
        try ConfigurationSchema.checkOption("station", sets: "station.station_id", station)
        try ConfigurationSchema.checkOption("fallback-after", sets: "weatherflow.fallback_after_seconds", fallbackAfter)
        try ConfigurationSchema.checkOption("backfill-days", sets: "weatherflow.backfill_days", backfillDays)
        try ConfigurationSchema.checkOption("mode", sets: "weatherflow.mode", mode)
        try ConfigurationSchema.checkOption("metrics-port", sets: "metrics.port", metricsPort)
        try ConfigurationSchema.checkOption("metrics-address", sets: "metrics.address", metricsAddress)
        try ConfigurationSchema.checkOption("web-port", sets: "web.port", webPort)
        try ConfigurationSchema.checkOption("web-address", sets: "web.address", webAddress)
    }
}
