// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ForecastBridge

/// What `status` says about forecasts: where for, and how fresh.
public struct ForecastStatus: Sendable {
    /// The place asked for (`latitude,longitude`).
    public var locationKey: String
    /// The forecast being served, if any.
    public var served: ServedForecast?

    /// Makes one from its parts.
    public init(locationKey: String, served: ServedForecast? = nil) {
        self.locationKey = locationKey
        self.served = served
    }
}
