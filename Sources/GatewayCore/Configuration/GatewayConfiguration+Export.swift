// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import SystemSupport

extension GatewayConfiguration.Export {
    /// Where the token of the `number`th (1-based) `[[export]]` comes from:
    /// `token_file`, else `$TEMPEST_EXPORT_<N>_TOKEN`, else the systemd
    /// credential `export-<N>-token`; nil when none is set.
    public func tokenSource(number: Int) -> SecretSource? {
        SecretSource.first(file: tokenFile, environmentVariable: "TEMPEST_EXPORT_\(number)_TOKEN", credential: "export-\(number)-token")
    }

    /// Where the password for `user` comes from: `password_file`, else
    /// `$TEMPEST_EXPORT_<N>_PASSWORD`, else the systemd credential
    /// `export-<N>-password`; nil when none is set.
    public func passwordSource(number: Int) -> SecretSource? {
        SecretSource.first(
            file: passwordFile, environmentVariable: "TEMPEST_EXPORT_\(number)_PASSWORD", credential: "export-\(number)-password")
    }
}
