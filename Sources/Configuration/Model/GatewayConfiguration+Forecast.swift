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

        init(_ values: ConfigurationValues) {
            enabled = values.required("forecast.enabled", values.boolean)
            openMeteoAPI = values.required("forecast.open_meteo_api", values.string)
            apiKeyFile = values.string("forecast.api_key_file")
            pollMinutes = values.required("forecast.poll_minutes", values.integer)
        }
    }
}
