// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ForecastBridge
import Storage

/// The stored forecast for a chart's time: the hourly temperature each
/// hour's freshest forecast gave (the verification record keeps 60 days of
/// them), and, for hours it lacks, and for precipitation, the newest stored
/// forecast snapshot (decoded with ForecastBridge's decoder). Values in °C
/// and mm, as the gateway asks Open-Meteo for them.
struct ForecastOverlay: Sendable {
    /// (hour, °C), in time order.
    var temperatures: [(at: Int64, celsius: Double)] = []
    /// (hour, mm in the hour), in time order.
    var precipitation: [(at: Int64, millimeters: Double)] = []

    /// The forecast for `from..<to` at `locationKey` (the newest snapshot's
    /// place when nil); empty when none is stored.
    static func load(from store: Store, locationKey: String?, from: Int64, to: Int64) throws -> ForecastOverlay {
        var overlay = ForecastOverlay()
        let snapshot = try locationKey.map { try store.latestForecastSnapshot(locationKey: $0) } ?? store.latestForecastSnapshot()
        guard let key = locationKey ?? snapshot?.locationKey else { return overlay }
        var byHour = [Int64: Double]()
        for record in try store.forecastVerification(locationKey: key, validFrom: from, to: to) where byHour[record.validAt] == nil {
            byHour[record.validAt] = record.forecastCelsius
        }
        if let snapshot, let hourly = ForecastResponse(bodyText: snapshot.payloadJSON)?.hourly {
            for (index, hour) in hourly.times.enumerated() where hour >= from && hour < to {
                if byHour[hour] == nil, let celsius = hourly.value("temperature_2m", at: index) { byHour[hour] = celsius }
                if let millimeters = hourly.value("precipitation", at: index) { overlay.precipitation.append((hour, millimeters)) }
            }
        }
        overlay.temperatures = byHour.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        return overlay
    }
}
