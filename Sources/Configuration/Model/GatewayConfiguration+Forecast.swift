// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension GatewayConfiguration {
    /// `[forecast]`: the Open-Meteo forecast.
    public struct Forecast: Sendable, Equatable {
        /// `enabled`: poll when a location is known.
        public var enabled: Bool
        /// `open_meteo_api`: Open-Meteo's base URL.
        public var openMeteoAPI: String
        /// `api_key_file`, if any.
        public var apiKeyFile: String?
        /// `poll_minutes`.
        public var pollMinutes: Int
        /// Chosen variables by section (`current`, `minutely_15`, `hourly`,
        /// `daily`); a section left out keeps the defaults.
        public var variables: [String: [String]]

        init(_ values: ConfigurationValues) {
            enabled = values.required("forecast.enabled", values.boolean)
            openMeteoAPI = values.required("forecast.open_meteo_api", values.string)
            apiKeyFile = values.string("forecast.api_key_file")
            pollMinutes = values.required("forecast.poll_minutes", values.integer)
            var variables: [String: [String]] = [:]
            for section in ["current", "minutely_15", "hourly", "daily"] {
                if let chosen = values.strings("forecast." + section) { variables[section] = chosen }
            }
            self.variables = variables
        }
    }
}
