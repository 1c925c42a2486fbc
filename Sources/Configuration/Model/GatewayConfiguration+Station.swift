// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology

extension GatewayConfiguration {
    /// `[station]`: facts about the station.
    public struct Station: Sendable, Equatable {
        /// `timezone`: the IANA zone, or nil for the system's.
        public var timeZone: String?
        /// `elevation` in metres above sea level, or nil when unknown.
        public var elevation: Double?
        /// `sensor_height` in metres above ground.
        public var sensorHeight: Double
        /// `latitude` in degrees, if known.
        public var latitude: Double?
        /// `longitude` in degrees, if known.
        public var longitude: Double?
        /// `serials`: the station's device serial numbers, as the cloud lists them.
        public var serials: [String]
        /// `max_devices`: without `serials`, how many of the devices heard first are the station's.
        public var maxDevices: Int
        /// `station_id`: the WeatherFlow station id, if given.
        public var stationID: Int?
        /// `[station.calibration]`: the offsets and factors applied to the station's raw values.
        public var calibration: Calibration

        init(_ values: ConfigurationValues) {
            timeZone = values.string("station.timezone")
            elevation = values.decimal("station.elevation")
            sensorHeight = values.required("station.sensor_height", values.decimal)
            latitude = values.decimal("station.latitude")
            longitude = values.decimal("station.longitude")
            serials = values.required("station.serials", values.strings)
            maxDevices = values.required("station.max_devices", values.integer)
            stationID = values.integer("station.station_id")
            calibration = Calibration(
                temperatureOffsetCelsius: values.required("station.calibration.temperature_offset_c", values.decimal),
                humidityOffsetPercent: values.required("station.calibration.humidity_offset_percent", values.decimal),
                pressureOffsetHectopascals: values.required("station.calibration.pressure_offset_hpa", values.decimal),
                windSpeedFactor: values.required("station.calibration.wind_speed_factor", values.decimal),
                windDirectionOffsetDegrees: values.required("station.calibration.wind_direction_offset_degrees", values.decimal),
                rainFactor: values.required("station.calibration.rain_factor", values.decimal),
                illuminanceFactor: values.required("station.calibration.illuminance_factor", values.decimal),
                solarRadiationFactor: values.required("station.calibration.solar_radiation_factor", values.decimal),
                uvFactor: values.required("station.calibration.uv_factor", values.decimal))
        }
    }
}
