// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import MQTT

extension GatewayConfiguration.Web {
    /// Where the password comes from: `password_file`, else
    /// `$TEMPEST_WEB_PASSWORD`, else the systemd credential `web-password`;
    /// nil when none is set (the page then has no password).
    public var passwordSource: SecretSource? {
        SecretSource.first(file: passwordFile, environmentVariable: "TEMPEST_WEB_PASSWORD", credential: "web-password")
    }

    /// The credentials the page asks for, with the password read from its
    /// source (a file must be its owner's alone); nil without a password.
    public func credentials() throws(SecretError) -> WebCredentials? {
        guard let passwordSource else { return nil }
        return WebCredentials(username: username, password: try passwordSource.load())
    }
}
