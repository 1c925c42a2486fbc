// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import MQTTSink
import Pipeline

extension GatewayConfiguration.MQTT {
    /// The units to publish: the system, then each override.
    public var publishedUnits: PublishedUnits {
        var chosen = units == "imperial" ? PublishedUnits.imperial : .metric
        if let unit = temperatureUnit.flatMap(PublishedUnits.TemperatureUnit.init(rawValue:)) { chosen.temperature = unit }
        if let unit = windUnit.flatMap(PublishedUnits.SpeedUnit.init(rawValue:)) { chosen.speed = unit }
        if let unit = pressureUnit.flatMap(PublishedUnits.PressureUnit.init(rawValue:)) { chosen.pressure = unit }
        if let unit = rainUnit.flatMap(PublishedUnits.RainUnit.init(rawValue:)) { chosen.rain = unit }
        if let unit = distanceUnit.flatMap(PublishedUnits.DistanceUnit.init(rawValue:)) { chosen.distance = unit }
        return chosen
    }

    /// The WeatherFlow2MQTT compatibility settings when `compat` asks for
    /// them, in the unit system of `units`.
    public var compatibility: WeatherFlow2MQTTCompatibility? {
        guard compat == "weatherflow2mqtt" else { return nil }
        return WeatherFlow2MQTTCompatibility(unitSystem: units == "imperial" ? .imperial : .metric)
    }
}
