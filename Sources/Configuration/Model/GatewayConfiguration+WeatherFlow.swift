extension GatewayConfiguration {
    /// `[weatherflow]`: the WeatherFlow cloud.
    public struct WeatherFlow: Sendable, Equatable {
        /// `api`: the REST API's base URL.
        public var api: String
        /// `token_file`, if any.
        public var tokenFile: String?

        init(_ values: ConfigurationValues) {
            api = values.required("weatherflow.api", values.string)
            tokenFile = values.string("weatherflow.token_file")
        }
    }
}
