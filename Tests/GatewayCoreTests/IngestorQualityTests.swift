// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Pipeline
import Storage
import TempestTestKit
import TempestUDP
import Testing

/// The quality checks on the ingest path: the raw row and its verdicts are
/// stored, the values and totals leave the bad value out (unknown).
@Suite struct IngestorQualityTests {
    static let serial = "ST-00054321"
    static let start = IngestorTests.observationTime

    /// The latest committed payload of `field`'s retained value, nil when none was sent.
    static func latest(_ sink: RecordingSink, _ field: String) -> String? {
        sink.committedValues.last { $0.topic == "tempest/\(serial)/\(field)" }?.payload
    }

    @Test func aFailedTemperatureIsStoredRawAndPublishedUnknownUntilAGoodStatus() async throws {
        let harness = try IngestorTests.Harness()
        try harness.ingest(QualityCheckTests.status(at: Self.start - 30, sensorStatus: 0x10), source: .udp, receivedAt: Self.start - 29)
        try harness.ingest(QualityCheckTests.observation(at: Self.start, temperature: "0.0"), source: .udp, receivedAt: Self.start + 1)
        try await harness.writer.flush()
        #expect(Self.latest(harness.sink, "air_temperature") == "")
        #expect(Self.latest(harness.sink, "dew_point") == "")
        #expect(Self.latest(harness.sink, "feels_like") == "")
        #expect(Self.latest(harness.sink, "relative_humidity") == "60")
        #expect(Self.latest(harness.sink, "quality") == #"{"air_temperature":"sensor_failed"}"#)
        let (raw, verdicts) = try await harness.writer.perform { store in
            (
                try store.observations(serial: Self.serial, from: 0, to: .max).first?.airTemperatureCelsius,
                try store.verdicts(serial: Self.serial, from: 0, to: .max)
            )
        }
        #expect(raw == 0)
        #expect(verdicts == [ObservationVerdictRecord(serial: Self.serial, timestamp: Self.start, field: "air_temperature", verdict: "bad", reason: "sensor_failed")])
        // The day's low is no 0 °C.
        let summary = try await harness.writer.perform { store in try store.dailySummary(serial: Self.serial, localDate: "2024-07-13") }
        #expect(summary != nil)
        #expect(summary?.minimumTemperatureCelsius == nil)

        try harness.ingest(QualityCheckTests.status(at: Self.start + 30, sensorStatus: 0), source: .udp, receivedAt: Self.start + 31)
        try harness.ingest(QualityCheckTests.observation(at: Self.start + 60, temperature: "21.5"), source: .udp, receivedAt: Self.start + 61)
        try await harness.writer.flush()
        #expect(Self.latest(harness.sink, "air_temperature") == "21.5")
        #expect(Self.latest(harness.sink, "dew_point").map { !$0.isEmpty } == true)
        #expect(Self.latest(harness.sink, "quality") == "{}")
        // After a restart the day's low is rebuilt from the stored rows without the bad one.
        let restored = DailySummaryKeeper(timeZone: .utc)
        _ = try await harness.writer.perform { store in try restored.restore(from: store, now: Self.start + 120) }
        #expect(restored.current(serial: Self.serial, now: Self.start + 120).today.minimumTemperature?.value == 21.5)
        harness.writer.shutdown()
    }
}
