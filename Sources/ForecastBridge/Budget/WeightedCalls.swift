// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Open-Meteo's accounting of "weighted" API calls.
///
/// Open-Meteo's pricing page (https://open-meteo.com/en/pricing, "How is one
/// API call defined?") says: requests for data covering more than 10 weather
/// variables or extending over a period of more than 2 weeks for a single
/// location are considered multiple API calls, counted fractionally — "a
/// request for 2 weeks of data with 15 weather variables will be calculated
/// as 1.5 API calls, while 4 weeks of data equals 3.0 API calls".
///
/// The server's exact rule is `calculateQueryWeight` in open-meteo's
/// `Sources/App/Helper/Writer/ForecastApiResult.swift`
/// (https://github.com/open-meteo/open-meteo, see also its issue #438):
/// per location, `max(1, max(v / 10, v / 10 × d / 14))` with `v` the number
/// of variables (times models) and `d` the days covered. So below 2 weeks
/// only the variable count matters, and with at most 10 variables a request
/// of up to 14 days is exactly one call. Both examples above agree with it.
///
/// We count `v` over all sections (current, 15-minute, hourly, daily),
/// which can only over-count, and `d` as the forecast days.
public enum WeightedCalls {
    /// Open-Meteo's free tier: fewer than 10,000 weighted calls a day (also
    /// 5,000 an hour and 600 a minute).
    public static let freeTierDailyLimit: Double = 10_000

    /// The weight of one request for one location and one model.
    public static func weight(variables: Int, days: Int, locations: Int = 1) -> Double {
        let variableFraction = Double(max(0, variables)) / 10
        let timeFraction = Double(max(0, days)) / 14
        let perLocation = max(1, max(variableFraction, variableFraction * timeFraction))
        return perLocation * Double(max(1, locations))
    }

    /// A weight for messages: up to two decimals, trailing zeros dropped.
    public static func format(_ weight: Double) -> String {
        let hundredths = Int64((weight * 100).rounded())
        let whole = hundredths / 100
        let fraction = hundredths % 100
        if fraction == 0 { return String(whole) }
        if fraction % 10 == 0 { return "\(whole).\(fraction / 10)" }
        return "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
