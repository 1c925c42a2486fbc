// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Storage
import TempestTestKit
import Testing

/// The forecast verification record (schema version 4): forecast hours in,
/// observed temperatures filled in once each hour has passed, mean absolute
/// error by lead time out.
@Suite("Forecast verification record")
struct ForecastVerificationTests {
    let place = "39.7392,-104.9903"

    func hours(issuedAt: Int64, temperatures: [Double]) -> [ForecastVerificationRecord] {
        temperatures.enumerated().map { lead, temperature in
            ForecastVerificationRecord(
                locationKey: place, issuedAt: issuedAt, validAt: issuedAt + Int64(lead) * 3600, leadHours: lead,
                forecastCelsius: temperature)
        }
    }

    @Test("observations near each passed hour fill it in; MAE and bias by lead time follow")
    func fillAndSummarise() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("v.sqlite"))
        let issued = Fixtures.dayStart
        try store.write {
            try store.insertForecastHours(hours(issuedAt: issued, temperatures: [20, 21, 22]))
            try store.insertForecastHours(hours(issuedAt: issued + 3600, temperatures: [23, 24]))
            // Observed: 21 °C around the first hour, 20 °C around the second, nothing near the third.
            try store.insert(Fixtures.observation(at: issued - 60, temperature: 21))
            try store.insert(Fixtures.observation(at: issued + 60, temperature: 21))
            try store.insert(Fixtures.observation(at: issued + 3600 + 120, temperature: 20))
            try store.insert(Fixtures.observation(at: issued + 3600 + 900, temperature: 35))  // outside the 5-minute window
        }
        // Before the second hour has had its window, only the first is filled.
        #expect(try store.write { try store.completeForecastVerification(since: 0, now: issued + 3600 + 100) } == 1)
        #expect(try store.write { try store.completeForecastVerification(since: 0, now: issued + 4 * 3600) } == 2)
        let records = try store.forecastVerification(locationKey: place)
        #expect(records.count == 5)
        #expect(records.filter { $0.observedCelsius != nil }.map(\.observedCelsius) == [21, 20, 20])
        #expect(records.first { $0.validAt == issued + 2 * 3600 && $0.issuedAt == issued }?.observedCelsius == nil)

        let summary = try store.verificationSummary(locationKey: place)
        // Lead 0: |21−20| and |20−23| → 2, bias (1 − 3)/2 = −1; lead 1: |20−21| → 1, bias −1.
        #expect(summary == [
            VerificationSummary(leadHours: 0, count: 2, meanAbsoluteErrorCelsius: 2, meanErrorCelsius: -1),
            VerificationSummary(leadHours: 1, count: 1, meanAbsoluteErrorCelsius: 1, meanErrorCelsius: -1),
        ])
        #expect(try store.verificationSummary(locationKey: "0,0").isEmpty)
    }

    @Test("an hour recorded twice for the same issue keeps the first forecast; pruning drops old hours")
    func idempotentAndPruned() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("v.sqlite"))
        try store.write {
            try store.insertForecastHours(hours(issuedAt: Fixtures.dayStart, temperatures: [10, 11]))
            try store.insertForecastHours(hours(issuedAt: Fixtures.dayStart, temperatures: [99, 99, 12]))
        }
        #expect(try store.forecastVerification().map(\.forecastCelsius) == [10, 11, 12])
        #expect(try store.write { try store.pruneForecastVerification(before: Fixtures.dayStart + 3600) } == 1)
        #expect(try store.forecastVerification().map(\.validAt) == [Fixtures.dayStart + 3600, Fixtures.dayStart + 7200])
    }

    @Test("the newest snapshot of any place is found")
    func latestSnapshotOfAnyPlace() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("v.sqlite"))
        #expect(try store.latestForecastSnapshot() == nil)
        try store.insert(ForecastSnapshotRecord(locationKey: "a", fetchedAt: 10, sourceURL: "u", payloadJSON: "{}"))
        try store.insert(ForecastSnapshotRecord(locationKey: "b", fetchedAt: 20, sourceURL: "u", payloadJSON: "{}"))
        #expect(try store.latestForecastSnapshot()?.locationKey == "b")
    }
}
