// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ForecastBridge
import Testing

@Suite struct WeightedCallsTests {
    @Test func pricingPageExamples() {
        // "2 weeks of data with 15 weather variables will be calculated as 1.5
        // API calls, while 4 weeks of data equals 3.0 API calls."
        #expect(WeightedCalls.weight(variables: 15, days: 14) == 1.5)
        #expect(WeightedCalls.weight(variables: 15, days: 28) == 3.0)
    }

    @Test func floorIsOneCallAndShortSpansCostOnlyVariables() {
        #expect(WeightedCalls.weight(variables: 1, days: 1) == 1)
        #expect(WeightedCalls.weight(variables: 10, days: 14) == 1)
        #expect(WeightedCalls.weight(variables: 11, days: 1) == 1.1)
        #expect(WeightedCalls.weight(variables: 37, days: 7) == 3.7)
        #expect(WeightedCalls.weight(variables: 20, days: 16) == 2 * 16.0 / 14)
        // The server's rule: few variables over more than two weeks stay at one call.
        #expect(WeightedCalls.weight(variables: 5, days: 16) == 1)
        #expect(WeightedCalls.weight(variables: 10, days: 2, locations: 3) == 3)
    }

    @Test func defaultPollingStaysFarBelowTheFreeTier() {
        let query = ForecastQuery.defaults(latitude: 0, longitude: 0, timeZone: "UTC")
        #expect(query.variableCount == 37)
        #expect(query.weightedCalls == 3.7)  // as the README says
        let perDay = query.weightedCalls * 48  // every 30 minutes
        #expect(perDay < CallBudget.defaultDailyLimit)
        #expect(CallBudget.defaultDailyLimit <= WeightedCalls.freeTierDailyLimit / 10)
    }

    @Test func budgetRefusesOverTheLimitAndResetsAtUTCMidnight() throws {
        var budget = CallBudget(dailyLimit: 3)
        let noon: Int64 = 1_700_049_600  // 2023-11-15 12:00 UTC
        try budget.charge(1.5, at: noon)
        try budget.charge(1.5, at: noon + 60)
        #expect(budget.spent(at: noon) == 3)
        #expect(throws: ForecastError.self) { try budget.charge(0.1, at: noon + 120) }
        #expect(budget.spent(at: noon) == 3, "a refused charge costs nothing")
        let nextDay = noon + 12 * 3600
        #expect(budget.spent(at: nextDay) == 0)
        try budget.charge(3, at: nextDay)
        #expect(budget.spent(at: nextDay) == 3)
    }

    @Test func budgetLimitIsCappedBelowTheFreeTier() {
        #expect(CallBudget(dailyLimit: 50_000).dailyLimit == 9_000)
        #expect(CallBudget(dailyLimit: -1).dailyLimit == 0)
    }

    @Test func weightsAreFormattedForMessages() {
        #expect(WeightedCalls.format(3) == "3")
        #expect(WeightedCalls.format(3.7) == "3.7")
        #expect(WeightedCalls.format(1.14285) == "1.14")
        #expect(WeightedCalls.format(2.05) == "2.05")
    }
}
