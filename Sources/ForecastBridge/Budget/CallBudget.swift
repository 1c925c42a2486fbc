// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// A daily allowance of weighted Open-Meteo calls that keeps the gateway
/// far below the free tier's 10,000.
///
/// Days are UTC days. Every attempt is charged, including retries and
/// failures, since Open-Meteo counts failed requests too. The default
/// limit, 1,000 a day, is a tenth of the free tier; polling the default
/// variables every 30 minutes uses about 180.
public struct CallBudget: Sendable, Hashable {
    /// The most weighted calls allowed per UTC day.
    public var dailyLimit: Double
    /// Weighted calls charged on ``day``.
    public private(set) var spent: Double = 0
    /// The UTC day (days since 1970) that ``spent`` belongs to.
    public private(set) var day: Int64 = 0

    /// The default daily limit: a tenth of the free tier.
    public static let defaultDailyLimit: Double = 1_000

    /// Creates a budget; the limit is capped at 90 % of the free tier.
    public init(dailyLimit: Double = CallBudget.defaultDailyLimit) {
        self.dailyLimit = min(max(0, dailyLimit), WeightedCalls.freeTierDailyLimit * 0.9)
    }

    /// Weighted calls charged so far on the UTC day of `unixSeconds`.
    public func spent(at unixSeconds: Int64) -> Double {
        Self.utcDay(unixSeconds) == day ? spent : 0
    }

    /// Charges `weight` at `unixSeconds`, or throws
    /// ``ForecastError/Kind/budgetExhausted`` (charging nothing) when it would
    /// take the day past ``dailyLimit``.
    public mutating func charge(_ weight: Double, at unixSeconds: Int64) throws(ForecastError) {
        let today = Self.utcDay(unixSeconds)
        if today != day {
            day = today
            spent = 0
        }
        guard spent + weight <= dailyLimit else {
            throw .budgetExhausted(spent: spent, wanted: weight, limit: dailyLimit)
        }
        spent += weight
    }

    private static func utcDay(_ unixSeconds: Int64) -> Int64 {
        unixSeconds >= 0 ? unixSeconds / 86_400 : (unixSeconds - 86_399) / 86_400
    }
}
