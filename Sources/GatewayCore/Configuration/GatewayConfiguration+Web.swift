// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import SystemSupport
import WebPage

extension GatewayConfiguration.Web {
    /// The credentials the page asks for, with the password read from its
    /// source (``passwordSource``: a file must be its owner's alone); nil
    /// without a password.
    public func credentials() throws(SecretSourceError) -> WebCredentials? {
        guard let passwordSource else { return nil }
        return WebCredentials(username: username, password: try passwordSource.load())
    }
}
