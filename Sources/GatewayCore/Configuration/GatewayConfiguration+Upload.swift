// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import SystemSupport

extension GatewayConfiguration.Upload {
    /// Where its key comes from: `key_file`, else
    /// `$TEMPEST_UPLOAD_<SERVICE>_KEY`, else the systemd credential
    /// `upload-<service>`; nil when none is set.
    public var keySource: SecretSource? {
        SecretSource.first(file: keyFile, environmentVariable: service.keyEnvironmentVariable, credential: service.keyCredential)
    }

    /// Whether it sends in Weather Underground's RapidFire real-time mode
    /// (an interval under a minute), triggered by 3-second wind.
    public var isRealTime: Bool { service == .wunderground && intervalSeconds < 60 }
}
