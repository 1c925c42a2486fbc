// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import Storage

extension GatewayConfiguration.Storage {
    /// The `[storage]` retention days as the storage layer's policy.
    public var retentionPolicy: RetentionPolicy {
        RetentionPolicy(
            rapidWindRawDays: rapidWindRawDays, windMinuteDays: windMinuteDays, observationDays: observationDays,
            lightningStrikeDays: lightningStrikeDays, rainStartDays: rainStartDays, deviceStatusDays: deviceStatusDays,
            hubStatusDays: hubStatusDays, forecastSnapshotDays: forecastSnapshotDays, packAfterDays: packAfterDays)
    }
}
