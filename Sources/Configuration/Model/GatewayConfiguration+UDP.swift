// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import SystemSupport

extension GatewayConfiguration {
    /// `[udp]`: where to listen for the hub's broadcasts.
    public struct UDP: Sendable, Equatable {
        /// `port`: the UDP port.
        public var port: Int
        /// `address`: the IPv4 address to bind.
        public var address: String
        /// `future_tolerance_seconds`: how far ahead of the clock a message may be dated.
        public var futureToleranceSeconds: Int
        /// `relay`: where admitted datagrams are forwarded, byte for byte
        /// (empty: nowhere).
        public var relay: [IPv4Endpoint]

        init(_ values: ConfigurationValues) {
            port = values.required("udp.port", values.integer)
            address = values.required("udp.address", values.string)
            futureToleranceSeconds = values.required("udp.future_tolerance_seconds", values.integer)
            // Checked on loading (`ValueRule.endpointList`): every entry parses.
            relay = values.required("udp.relay", values.strings).compactMap { try? IPv4Endpoint(parsing: $0) }
        }
    }
}
