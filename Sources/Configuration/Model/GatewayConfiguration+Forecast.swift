extension GatewayConfiguration {
    /// `[forecast]`: the Open-Meteo forecast.
    public struct Forecast: Sendable, Equatable {
        /// `open_meteo_api`: the forecast API's URL.
        public var openMeteoAPI: String
        /// `api_key_file`, if any.
        public var apiKeyFile: String?
        /// `poll_minutes`.
        public var pollMinutes: Int

        init(_ values: ConfigurationValues) {
            openMeteoAPI = values.required("forecast.open_meteo_api", values.string)
            apiKeyFile = values.string("forecast.api_key_file")
            pollMinutes = values.required("forecast.poll_minutes", values.integer)
        }
    }
}
