// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ForecastBridge
import Forecasting

/// What `status` says about forecasts: where for, how fresh, and how much
/// of the day's Open-Meteo call budget is spent.
public struct ForecastStatus: Sendable {
    /// The place asked for (`latitude,longitude`).
    public var locationKey: String
    /// The forecast being served, if any.
    public var served: ServedForecast?
    /// The daily budget of weighted calls as it stands, when known.
    public var budget: CallBudget?

    /// Makes one from its parts.
    public init(locationKey: String, served: ServedForecast? = nil, budget: CallBudget? = nil) {
        self.locationKey = locationKey
        self.served = served
        self.budget = budget
    }

    /// The status of a running forecast service, its budget included.
    public init(service: ForecastService) {
        self.init(locationKey: service.query.locationKey, served: service.served, budget: service.poller.callBudget)
    }
}
