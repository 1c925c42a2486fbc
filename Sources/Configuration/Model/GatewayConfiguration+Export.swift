// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension GatewayConfiguration {
    /// One `[[export]]` table: a time-series database that receives every
    /// stored observation (`docs/export.md`).
    public struct Export: Sendable, Equatable {
        /// `format`: the protocol (`influx`, the InfluxDB line protocol).
        public var format: String
        /// `url`: the full write URL with its query.
        public var url: String
        /// `token_file`: a token sent as `Authorization: Token …`.
        public var tokenFile: String?
        /// `user`: the user name for Basic authentication.
        public var user: String?
        /// `password_file`: the password for `user`.
        public var passwordFile: String?
        /// `batch_size`: the most points in one request.
        public var batchSize: Int
        /// `rapid_wind`: whether 3-second wind is sent too.
        public var rapidWind: Bool
        /// `enabled`: whether the destination is used.
        public var enabled: Bool
        /// `backfill_days`: days of what the database held before the
        /// destination was first configured that are sent too.
        public var backfillDays: Int

        init(_ values: ConfigurationValues) {
            format = values.required("export.format", values.string)
            url = values.string("export.url") ?? ""
            tokenFile = values.string("export.token_file")
            user = values.string("export.user")
            passwordFile = values.string("export.password_file")
            batchSize = values.required("export.batch_size", values.integer)
            rapidWind = values.required("export.rapid_wind", values.boolean)
            enabled = values.required("export.enabled", values.boolean)
            backfillDays = values.required("export.backfill_days", values.integer)
        }
    }
}
