// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension GatewayConfiguration {
    /// `[metrics]`: the health and metrics endpoint.
    public struct Metrics: Sendable, Equatable {
        /// `port`, or nil when off.
        public var port: Int?
        /// `address`: the IPv4 address to listen on (127.0.0.1 unless the
        /// operator opens it to the network on purpose).
        public var address: String

        init(_ values: ConfigurationValues) {
            port = values.integer("metrics.port")
            address = values.required("metrics.address", values.string)
        }
    }
}
