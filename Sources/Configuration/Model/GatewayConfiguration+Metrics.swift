// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension GatewayConfiguration {
    /// `[metrics]`: the health and metrics endpoint.
    public struct Metrics: Sendable, Equatable {
        /// `port`, or nil when off.
        public var port: Int?

        init(_ values: ConfigurationValues) {
            port = values.integer("metrics.port")
        }
    }
}
