// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension GatewayConfiguration {
    /// `[web]`: the web page (Now, Charts, Health), off unless a port is set.
    public struct Web: Sendable, Equatable {
        /// `port`, or nil when off.
        public var port: Int?
        /// `address`: the IPv4 address to listen on (127.0.0.1 unless the
        /// operator opens it to the network on purpose: 0.0.0.0 serves the LAN).
        public var address: String
        /// `username`: the user name the page asks for when it has a password.
        public var username: String
        /// `password_file`, if any (else `$TEMPEST_WEB_PASSWORD`, else the
        /// systemd credential `web-password`, else no password).
        public var passwordFile: String?

        init(_ values: ConfigurationValues) {
            port = values.integer("web.port")
            address = values.required("web.address", values.string)
            username = values.required("web.username", values.string)
            passwordFile = values.string("web.password_file")
        }
    }
}
