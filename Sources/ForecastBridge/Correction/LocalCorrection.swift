// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc

/// The station correcting the regional model: the observed-minus-forecast
/// difference now, and a short-range forecast shifted by the recent bias,
/// which fades with lead time.
///
/// The bias is the mean of observed − forecast over the recent observations
/// (the caller picks the window; ``recentWindowSeconds`` suggests 3 hours),
/// with the forecast interpolated linearly between its hourly steps. The
/// corrected value at lead time `L` is `forecast + bias × e^(−L / decay)`;
/// with the default decay of 6 hours the bias has faded to about a third
/// after 6 hours and to 2 % after a day.
public enum LocalCorrection {
    /// The suggested span of observations for the bias, seconds.
    public static let recentWindowSeconds: Int64 = 3 * 3600
    /// The default e-folding time of the bias, seconds.
    public static let defaultDecaySeconds: Double = 6 * 3600

    /// `variable` at `time`, interpolated between the series' steps; nil
    /// outside the series or next to a missing value.
    public static func interpolated(_ series: ForecastSeries, _ variable: String, at time: Int64) -> Double? {
        guard let values = series[variable], let index = series.index(containing: time), let before = values[index] else { return nil }
        let start = series.times[index]
        if start == time { return before }
        guard index + 1 < series.count, let after = values[index + 1] else { return nil }
        let fraction = Double(time - start) / Double(series.times[index + 1] - start)
        return before + (after - before) * fraction
    }

    /// Observed minus forecast at `observation`'s time; nil when the forecast has no value then.
    public static func difference(_ observation: TimedValue, forecast: ForecastSeries, variable: String = "temperature_2m") -> Double? {
        interpolated(forecast, variable, at: observation.time).map { observation.value - $0 }
    }

    /// The mean difference over `observations`; nil when none of them meets a forecast value.
    public static func bias(_ observations: [TimedValue], forecast: ForecastSeries, variable: String = "temperature_2m") -> Double? {
        let differences = observations.compactMap { difference($0, forecast: forecast, variable: variable) }
        guard !differences.isEmpty else { return nil }
        return differences.reduce(0, +) / Double(differences.count)
    }

    /// `forecast` shifted by `bias`, faded for a lead time of `leadSeconds`.
    public static func corrected(_ forecast: Double, bias: Double, leadSeconds: Int64, decaySeconds: Double = defaultDecaySeconds) -> Double {
        forecast + bias * exp(-Double(max(0, leadSeconds)) / decaySeconds)
    }

    /// The corrected `variable` for the next `hours` steps of `forecast` after `now`
    /// (a missing forecast value stays missing).
    public static func correctedSeries(
        _ forecast: ForecastSeries, variable: String = "temperature_2m", bias: Double, now: Int64, hours: Int,
        decaySeconds: Double = defaultDecaySeconds
    ) -> [(time: Int64, value: Double?)] {
        let upcoming = forecast.times.indices.filter { forecast.times[$0] > now }.prefix(max(0, hours))
        return upcoming.map { index in
            let time = forecast.times[index]
            let value = forecast.value(variable, at: index).map {
                corrected($0, bias: bias, leadSeconds: time - now, decaySeconds: decaySeconds)
            }
            return (time, value)
        }
    }
}
