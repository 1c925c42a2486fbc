// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON

extension StatusReport {
    /// Forecasts in one sentence: off, none yet, current, or the last one
    /// served with its age while Open-Meteo cannot be reached.
    public func forecastText(now: Int64) -> String {
        guard let forecast else {
            return "Forecasts: off (no location, or turned off)."
        }
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
        json.endObject()
    }
}
