// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension GatewayConfiguration {
    /// `[storage]`: the database file and retention, in days (nil: forever).
    public struct Storage: Sendable, Equatable {
        /// `database`: the SQLite file, or nil for the default place.
        public var database: String?
        /// `rapid_wind_raw_days`.
        public var rapidWindRawDays: Int
        /// `wind_minute_days` (0 in the file: forever).
        public var windMinuteDays: Int?
        /// `observation_days` (0 in the file: forever).
        public var observationDays: Int?
        /// `lightning_strike_days` (0 in the file: forever).
        public var lightningStrikeDays: Int?
        /// `rain_start_days` (0 in the file: forever).
        public var rainStartDays: Int?
        /// `device_status_days` (0 in the file: forever).
        public var deviceStatusDays: Int?
        /// `hub_status_days` (0 in the file: forever).
        public var hubStatusDays: Int?
        /// `forecast_snapshot_days` (0 in the file: forever).
        public var forecastSnapshotDays: Int?
        /// `pack_after_days` (0 in the file: never pack).
        public var packAfterDays: Int?

        init(_ values: ConfigurationValues) {
            func days(_ name: String) -> Int? {
                let days = values.required("storage." + name, values.integer)
                return days == 0 ? nil : days
            }
            database = values.string("storage.database")
            rapidWindRawDays = values.required("storage.rapid_wind_raw_days", values.integer)
            windMinuteDays = days("wind_minute_days")
            observationDays = days("observation_days")
            lightningStrikeDays = days("lightning_strike_days")
            rainStartDays = days("rain_start_days")
            deviceStatusDays = days("device_status_days")
            hubStatusDays = days("hub_status_days")
            forecastSnapshotDays = days("forecast_snapshot_days")
            packAfterDays = days("pack_after_days")
        }
    }
}
