// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import GatewayCore
import Meteorology
import Pipeline
import Storage
import TempestTestKit
import TempestUDP
import Testing

/// Calibration sets with the times they took effect, in a real store: a row
/// is corrected with the set in force when it was measured; the ingestor
/// stores raw values and counts and publishes corrected ones.
@Suite struct ObservationCorrectionTests {
    static let tempest = "ST-00054321"
    static let cabin = "ST-00099999"
    static let start: Int64 = 1_720_850_000

    /// Two stations: the first lists `tempest`, the second `cabin`; `first` and `second` their calibrations.
    static func stations(first: Calibration, second: Calibration = .none) -> [GatewayConfiguration.Station] {
        var one = GatewayConfiguration().station
        one.stationID = 100
        one.serials = [tempest]
        one.calibration = first
        var two = GatewayConfiguration().station
        two.serials = [cabin]
        two.calibration = second
        return [one, two]
    }

    static func record(_ serial: String, at timestamp: Int64) -> ObservationRecord {
        var record = ObservationRecord(serial: serial, timestamp: timestamp, kind: .tempest, source: .udp)
        record.airTemperatureCelsius = 20
        record.relativeHumidityPercent = 50
        record.rainAccumulatedMillimeters = 1
        record.windDirectionDegrees = 350
        return record
    }

    @Test func aRowIsCorrectedWithTheSetInForceWhenItWasMeasured() async throws {
        let directory = try TemporaryDirectory()
        let writer = try StoreWriter(path: directory.file("sets.db"))
        defer { writer.shutdown() }
        let corrector = ObservationCorrector()
        let old = Calibration(temperatureOffsetCelsius: -1.5, rainFactor: 1.1)
        let new = Calibration(temperatureOffsetCelsius: 2, windDirectionOffsetDegrees: 20)
        let reloadAt = Self.start + 3_600
        // The first start stores each station's first set, in force from
        // the beginning; the second station's corrects nothing (no change).
        #expect(try await corrector.apply(Self.stations(first: old), writer: writer, now: Self.start) == [1])
        // Started again unchanged: nothing new.
        #expect(try await corrector.apply(Self.stations(first: old), writer: writer, now: Self.start + 60) == [])
        // A reload with a new set for both stations: from then on.
        let cabinSet = Calibration(humidityOffsetPercent: 60)
        #expect(try await corrector.apply(Self.stations(first: new, second: cabinSet), writer: writer, now: reloadAt) == [1, 2])
        try await writer.flush()
        let stored = try await writer.perform { store in try store.calibrationSets() }
        #expect(stored.map(\.station) == ["station:2", "station:2", "station_id:100", "station_id:100"])
        #expect(stored.map(\.effectiveAt) == [0, reloadAt, 0, reloadAt])
        #expect(stored.map(\.calibration) == [.none, cabinSet, old, new])

        // Read back from the store alone, as `history` does.
        let correction = try await writer.perform { store in
            try ObservationCorrection(stations: Self.stations(first: new, second: cabinSet), store: store)
        }
        #expect(correction == corrector.current)
        // Rows before the first start take the first set; the second station's before its reload, none.
        #expect(correction.corrected(Self.record(Self.tempest, at: Self.start - 86_400)).airTemperatureCelsius == 18.5)
        #expect(correction.corrected(Self.record(Self.cabin, at: reloadAt - 1)) == Self.record(Self.cabin, at: reloadAt - 1))
        let underOld = correction.corrected(Self.record(Self.tempest, at: reloadAt - 60))
        #expect(underOld.airTemperatureCelsius == 18.5)
        #expect(abs((underOld.rainAccumulatedMillimeters ?? 0) - 1.1) < 1e-12)
        #expect(underOld.windDirectionDegrees == 350)
        let underNew = correction.corrected(Self.record(Self.tempest, at: reloadAt))
        #expect(underNew.airTemperatureCelsius == 22)
        #expect(underNew.rainAccumulatedMillimeters == 1)
        #expect(underNew.windDirectionDegrees == 10)
        // The second station's device takes its own set, clamped; a device
        // no station lists takes the first station's.
        #expect(correction.corrected(Self.record(Self.cabin, at: reloadAt)).relativeHumidityPercent == 100)
        #expect(correction.corrected(Self.record("ST-00000007", at: reloadAt)).airTemperatureCelsius == 22)
    }

    @Test func everyLayoutIsCorrectedAndNearCastRainIsNot() throws {
        let calibration = Calibration(
            temperatureOffsetCelsius: -1.5, humidityOffsetPercent: 2, pressureOffsetHectopascals: 1, windSpeedFactor: 2,
            windDirectionOffsetDegrees: 20, rainFactor: 1.1, illuminanceFactor: 0.5, solarRadiationFactor: 0.5, uvFactor: 0.5)
        let time = Self.start + 60
        let correction = ObservationCorrection(
            stations: Self.stations(first: calibration), sets: [CalibrationSetRecord(station: "station_id:100", effectiveAt: 0, calibration: calibration)])
        func decoded(_ datagram: String) throws -> TempestMessage {
            guard case .decoded(let message, _) = DatagramDecoder().decode(datagram) else { throw TestKitError("did not decode: \(datagram)") }
            return message
        }
        let air = try decoded(#"{"serial_number":"AR-00000001","type":"obs_air","obs":[[\#(time),1000,20,50,0,0,3.4,1]]}"#)
        guard case .airObservation(let airRow) = correction.corrected(air) else { throw TestKitError("not obs_air") }
        #expect(airRow.rows[0].airTemperatureCelsius == 18.5)
        #expect(airRow.rows[0].relativeHumidityPercent == 52)
        #expect(airRow.rows[0].stationPressureMillibars == 1001)
        let sky = try decoded(#"{"serial_number":"SK-00000002","type":"obs_sky","obs":[[\#(time),1000,4,1,1,2,3,350,3.3,1,600,5,1,3]]}"#)
        guard case .skyObservation(let skyRow) = correction.corrected(sky) else { throw TestKitError("not obs_sky") }
        #expect(skyRow.rows[0].illuminanceLux == 500)
        #expect(skyRow.rows[0].uvIndex == 2)
        #expect(abs((skyRow.rows[0].rainAccumulatedMillimeters ?? 0) - 1.1) < 1e-12)
        #expect(skyRow.rows[0].windGustMetersPerSecond == 6)
        #expect(skyRow.rows[0].windDirectionDegrees == 10)
        #expect(skyRow.rows[0].solarRadiationWattsPerSquareMeter == 300)
        #expect(abs((skyRow.rows[0].localDayRainAccumulationMillimeters ?? 0) - 5.5) < 1e-12)
        let wind = try decoded(#"{"serial_number":"ST-00054321","type":"rapid_wind","ob":[\#(time),1.5,350]}"#)
        guard case .rapidWind(let sample) = correction.corrected(wind) else { throw TestKitError("not rapid_wind") }
        #expect(sample.windSpeedMetersPerSecond == 3)
        #expect(sample.windDirectionDegrees == 10)
        // Events pass as they are.
        let rain = try decoded(#"{"serial_number":"ST-00054321","type":"evt_precip","evt":[\#(time)]}"#)
        #expect(correction.corrected(rain) == rain)
        // A stored row: NearCast's rain stays as the cloud sent it; whole numbers round.
        var record = Self.record(Self.tempest, at: time)
        record.nearCastRainAccumulationMillimeters = 0.8
        record.localDayNearCastRainAccumulationMillimeters = 4
        record.illuminanceLux = 1_001
        let corrected = correction.corrected(record)
        #expect(corrected.nearCastRainAccumulationMillimeters == 0.8)
        #expect(corrected.localDayNearCastRainAccumulationMillimeters == 4)
        #expect(corrected.illuminanceLux == 501)
        #expect(corrected.windDirectionDegrees == 10)
        let stored = correction.corrected(RapidWindRecord(serial: Self.tempest, timestamp: time, speedMetersPerSecond: 1.5, directionDegrees: 350))
        #expect(stored.speedMetersPerSecond == 3)
        #expect(stored.directionDegrees == 10)
    }

    @Test func theIngestorStoresRawValuesAndPublishesCorrectedOnes() async throws {
        let directory = try TemporaryDirectory()
        let sink = RecordingSink()
        let writer = try StoreWriter(path: directory.file("ingest.db"), observers: [sink])
        defer { writer.shutdown() }
        let corrector = ObservationCorrector()
        let time = IngestorTests.observationTime
        _ = try await corrector.apply(
            Self.stations(first: Calibration(temperatureOffsetCelsius: -1.5, rainFactor: 1.1)), writer: writer, now: time - 600)
        let summaries = DailySummaryKeeper(timeZone: .utc)
        let ingestor = Ingestor(
            writer: writer, summaries: summaries, activity: DeviceActivity(), planner: sink, site: nil, operatorLog: .silent,
            corrector: corrector)
        let datagram = """
            {"serial_number":"ST-00054321","type":"obs_st","hub_sn":"HB-00012345","obs":[[\(time),0.1,0.8,1.6,213,3,1009.2,27.4,71,812,0.06,7,0.5,1,0,0,2.68,1]],"firmware_revision":176}
            """
        guard case .decoded(let message, _) = DatagramDecoder().decode(datagram) else { throw TestKitError("did not decode") }
        ingestor.ingest(message, source: .udp, receivedAt: time + 1, isLate: false)
        try await writer.flush()
        let stored = try await writer.perform { store in try store.observations(serial: Self.tempest, from: 0, to: Int64.max) }
        #expect(stored.first?.airTemperatureCelsius == 27.4)
        #expect(stored.first?.rainAccumulatedMillimeters == 0.5)
        let temperature = sink.committedValues.first { $0.topic == "tempest/ST-00054321/air_temperature" }
        #expect(temperature?.payload == "25.9")
        let today = summaries.current(serial: Self.tempest, now: time + 1).today
        #expect(abs(today.rainMillimeters - 0.55) < 1e-9)
        #expect(today.maximumTemperature?.value == 25.9)
    }
}
