// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension GatewayConfiguration {
    /// `[weatherflow]`: the WeatherFlow cloud.
    public struct WeatherFlow: Sendable, Equatable {
        /// `api`: the REST API's base URL.
        public var api: String
        /// `token_file`, if any.
        public var tokenFile: String?
        /// `fallback_after_seconds`: UDP silence before REST stands in.
        public var fallbackAfterSeconds: Int
        /// `backfill_days`: how far back holes are filled (0: never).
        public var backfillDays: Int

        init(_ values: ConfigurationValues) {
            api = values.required("weatherflow.api", values.string)
            tokenFile = values.string("weatherflow.token_file")
            fallbackAfterSeconds = values.required("weatherflow.fallback_after_seconds", values.integer)
            backfillDays = values.required("weatherflow.backfill_days", values.integer)
        }
    }
}
