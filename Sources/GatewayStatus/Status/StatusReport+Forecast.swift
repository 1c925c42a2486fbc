// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ForecastBridge
import JSON
import Pipeline

extension StatusReport {
    /// Forecasts in one sentence: off, none yet, current, or the last one
    /// served with its age while Open-Meteo cannot be reached; then the
    /// day's call budget when known.
    public func forecastText(now: Int64) -> String {
        guard let forecast else {
            return "Forecasts: off (no location, or turned off)."
        }
        guard let budget = forecast.budget else { return servedText(forecast, now: now) }
        return servedText(forecast, now: now)
            + " Open-Meteo calls today (UTC): \(WeightedCalls.format(budget.spent(at: now))) of \(WeightedCalls.format(budget.dailyLimit)) weighted."
    }

    private func servedText(_ forecast: ForecastStatus, now: Int64) -> String {
        guard let served = forecast.served else {
            return "Forecasts for \(forecast.locationKey): none fetched yet."
        }
        let age = "fetched \(Plural.count(served.ageMinutes(now: now), "minute")) ago"
        if served.isCurrent { return "Forecasts for \(forecast.locationKey): current, \(age)." }
        return "Forecasts for \(forecast.locationKey): Open-Meteo cannot be reached (\(served.lastError ?? "no answer")); "
            + "serving the last forecast, \(age)."
    }

    /// Forecasts as a JSON object (`"state": "off"` when there are none).
    public func writeForecast(into json: inout JSONWriter, now: Int64) {
        json.beginObject()
        guard let forecast else {
            json.member("state", "off")
            json.endObject()
            return
        }
        let served = forecast.served
        json.member("state", served == nil ? "waiting" : served?.isCurrent == true ? "current" : "stale")
        json.member("location", forecast.locationKey)
        json.member("fetched_at", served?.fetchedAt)
        json.member("age_seconds", served.map { max(0, now - $0.fetchedAt) })
        json.member("last_error", served?.lastError)
        if let budget = forecast.budget {
            json.member("calls_today", budget.spent(at: now))
            json.member("daily_call_limit", budget.dailyLimit)
        }
        json.endObject()
    }
}
