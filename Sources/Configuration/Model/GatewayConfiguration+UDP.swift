// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension GatewayConfiguration {
    /// `[udp]`: where to listen for the hub's broadcasts.
    public struct UDP: Sendable, Equatable {
        /// `port`: the UDP port.
        public var port: Int
        /// `address`: the IPv4 address to bind.
        public var address: String
        /// `future_tolerance_seconds`: how far ahead of the clock a message may be dated.
        public var futureToleranceSeconds: Int

        init(_ values: ConfigurationValues) {
            port = values.required("udp.port", values.integer)
            address = values.required("udp.address", values.string)
            futureToleranceSeconds = values.required("udp.future_tolerance_seconds", values.integer)
        }
    }
}
