extension GatewayConfiguration {
    /// `[udp]`: where to listen for the hub's broadcasts.
    public struct UDP: Sendable, Equatable {
        /// `port`: the UDP port.
        public var port: Int
        /// `address`: the IPv4 address to bind.
        public var address: String

        init(_ values: ConfigurationValues) {
            port = values.required("udp.port", values.integer)
            address = values.required("udp.address", values.string)
        }
    }
}
