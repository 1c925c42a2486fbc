// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ForecastBridge
import Storage

/// The lines a fetched forecast adds to the verification record: its
/// temperature for each of the next ``maximumLeadHours`` hours, issued at
/// the start of the hour it was fetched in (so the first forecast of each
/// hour counts, and polling every 30 minutes does not double the record).
public enum ForecastVerificationHours {
    /// The longest lead time recorded, hours.
    public static let maximumLeadHours = 24
    /// How long verification lines are kept, seconds.
    public static let retentionSeconds: Int64 = 60 * 86_400

    public static func records(_ forecast: ForecastResponse, locationKey: String, fetchedAt: Int64) -> [ForecastVerificationRecord] {
        guard let hourly = forecast.hourly else { return [] }
        let issued = fetchedAt - ((fetchedAt % 3600) + 3600) % 3600
        return hourly.times.indices.compactMap { index in
            let validAt = hourly.times[index]
            let lead = (validAt - issued) / 3600
            guard validAt >= issued, (validAt - issued) % 3600 == 0, lead <= maximumLeadHours,
                let temperature = hourly.value("temperature_2m", at: index)
            else { return nil }
            return ForecastVerificationRecord(
                locationKey: locationKey, issuedAt: issued, validAt: validAt, leadHours: Int(lead), forecastCelsius: temperature)
        }
    }
}
