// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import Meteorology
import Pipeline
import Storage
import TempestTestKit
import Testing
import WeatherUploads

@Suite struct StationReadingsTests {
    static let tempest = "ST-00012345"
    static let air = "AR-00004321"
    static let sky = "SK-00001234"

    /// 2024-07-13 06:01 UTC = 00:01 in Denver (MDT, UTC-6).
    static let denverMidnight: Int64 = 1_720_850_400

    private func write(_ records: [ObservationRecord], in directory: TemporaryDirectory) async throws -> Store {
        let path = directory.file("readings.db")
        let writer = try StoreWriter(path: path)
        for record in records { _ = try writer.submit(.observation(record)) }
        try await writer.flush()
        writer.shutdown()
        return try Store(readOnlyPath: path)
    }

    @Test func rainIsSummedOverEachWindowInTheStationsDay() async throws {
        let directory = try TemporaryDirectory()
        // 0.2 mm a minute from 22:00 the day before to 00:30 local.
        let records = (0..<151).map { minute -> ObservationRecord in
            var record = ObservationRecord(
                serial: Self.tempest, timestamp: Self.denverMidnight - 7_200 + Int64(minute) * 60, kind: .tempest, source: .udp)
            record.rainAccumulatedMillimeters = 0.2
            record.airTemperatureCelsius = 20
            record.relativeHumidityPercent = 50
            record.stationPressureMillibars = 840
            return record
        }
        let store = try await write(records, in: directory)
        let zone = try TimeZoneRules(identifier: "America/Denver")
        let station = UploadStation(latitudeDegrees: 39.7, longitudeDegrees: -105, elevationMeters: 1_600, sensorHeightMeters: 2, name: "x")
        let readings = StationReadings(station: station, zone: zone) { $0 == Self.tempest }
        let last = try #require(records.last)
        let reading = try readings.reading(last, previousTimestamp: last.timestamp - 300, from: store)
        #expect(abs((reading.rainLastHourMillimeters ?? 0) - 12.0) < 1e-9)
        // Midnight to 00:30: 31 minutes (00:00 to 00:30 inclusive).
        #expect(abs((reading.rainSinceMidnightMillimeters ?? 0) - 6.2) < 1e-9)
        #expect(abs((reading.rainLast24HoursMillimeters ?? 0) - 30.2) < 1e-9)
        #expect(abs((reading.rainSincePreviousReadingMillimeters ?? 0) - 1.0) < 1e-9)
        // Derived values as the gateway publishes them.
        #expect(reading.dewPointCelsius == Psychrometrics.dewPointCelsius(airTemperatureCelsius: 20, relativeHumidityPercent: 50))
        #expect(
            reading.seaLevelPressureHectopascals
                == SeaLevelPressure.millibars(stationPressureMillibars: 840, elevationMeters: 1_600, sensorHeightAboveGroundMeters: 2))
        #expect(reading.uvIndex == nil)
    }

    /// Mode websocket stores NearCast rain apart and no gauge rain: there the
    /// uploads send the NearCast rain, as MQTT does; elsewhere none is made up.
    @Test(arguments: [true, false])
    func nearCastRainStandsInOnlyWhereNoGaugeRainExists(standsIn: Bool) async throws {
        let directory = try TemporaryDirectory()
        let records = (0..<5).map { minute -> ObservationRecord in
            var record = ObservationRecord(serial: Self.tempest, timestamp: Self.denverMidnight + Int64(minute) * 60, kind: .tempest, source: .websocket)
            record.nearCastRainAccumulationMillimeters = 0.3
            record.airTemperatureCelsius = 20
            return record
        }
        let store = try await write(records, in: directory)
        let station = UploadStation(latitudeDegrees: 39.7, longitudeDegrees: -105, elevationMeters: 1_600, sensorHeightMeters: 2, name: "x")
        let readings = StationReadings(station: station, zone: .utc, nearCastRainStandsIn: standsIn) { $0 == Self.tempest }
        let reading = try readings.reading(try #require(records.last), from: store)
        if standsIn {
            #expect(abs((reading.rainLastHourMillimeters ?? 0) - 1.5) < 1e-9)
        } else {
            #expect(reading.rainLastHourMillimeters == nil)
        }
    }

    @Test func rainJudgedBadIsLeftOutOfTheSums() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("bad-rain.db")
        let writer = try StoreWriter(path: path)
        // 0.5 mm a minute for ten minutes; the haptic sensor was off for the middle four.
        var last = ObservationRecord(serial: Self.tempest, timestamp: 0, kind: .tempest, source: .udp)
        for minute in 0..<10 {
            last = ObservationRecord(serial: Self.tempest, timestamp: Self.denverMidnight + Int64(minute) * 60, kind: .tempest, source: .udp)
            last.rainAccumulatedMillimeters = 0.5
            last.airTemperatureCelsius = 20
            _ = try writer.submit(.observation(last))
            if (3..<7).contains(minute) {
                _ = try writer.submit(
                    .verdict(
                        ObservationVerdictRecord(
                            serial: Self.tempest, timestamp: last.timestamp, field: "rain_accumulated", verdict: "bad", reason: "rain_sensor_off")))
            }
        }
        try await writer.flush()
        writer.shutdown()
        let store = try Store(readOnlyPath: path)
        let readings = StationReadings(station: UploadStation(latitudeDegrees: 39.7, longitudeDegrees: -105, elevationMeters: 1_600, sensorHeightMeters: 2, name: "x"), zone: .utc) {
            $0 == Self.tempest
        }
        let reading = try readings.reading(last, from: store)
        #expect(abs((reading.rainLastHourMillimeters ?? 0) - 3.0) < 1e-9)
        #expect(reading.airTemperatureCelsius == 20)
    }

    @Test func anAirAndASkyMakeOneReadingAndAMissingValueStaysMissing() async throws {
        let directory = try TemporaryDirectory()
        var air = ObservationRecord(serial: Self.air, timestamp: Self.denverMidnight, kind: .air, source: .udp)
        air.airTemperatureCelsius = 12.5
        air.relativeHumidityPercent = 80
        var sky = ObservationRecord(serial: Self.sky, timestamp: Self.denverMidnight + 20, kind: .sky, source: .udp)
        sky.windAverageMetersPerSecond = 3.5
        sky.windGustMetersPerSecond = 6
        sky.windDirectionDegrees = 270
        sky.rainAccumulatedMillimeters = 0.5
        let store = try await write([air, sky], in: directory)
        let station = UploadStation(latitudeDegrees: nil, longitudeDegrees: nil, elevationMeters: nil, name: "x")
        let readings = StationReadings(station: station, zone: .utc) { $0 != "ST-00099999" }
        let reading = try readings.reading(sky, from: store)
        #expect(reading.airTemperatureCelsius == 12.5)
        #expect(reading.windAverageMetersPerSecond == 3.5)
        #expect(reading.windDirectionDegrees == 270)
        #expect(reading.rainLastHourMillimeters == 0.5)
        #expect(reading.seaLevelPressureHectopascals == nil)
        #expect(reading.stationPressureHectopascals == nil)
        #expect(reading.solarRadiationWattsPerSquareMeter == nil)
    }

    @Test func everyRowIsReadWithItsStationsCalibration() async throws {
        let directory = try TemporaryDirectory()
        var air = ObservationRecord(serial: Self.air, timestamp: Self.denverMidnight, kind: .air, source: .udp)
        air.airTemperatureCelsius = 12.5
        air.relativeHumidityPercent = 80
        let skies = (0..<3).map { minute -> ObservationRecord in
            var sky = ObservationRecord(serial: Self.sky, timestamp: Self.denverMidnight + 20 + Int64(minute) * 60, kind: .sky, source: .udp)
            sky.windAverageMetersPerSecond = 3.5
            sky.windDirectionDegrees = 350
            sky.rainAccumulatedMillimeters = 0.5
            return sky
        }
        let store = try await write([air] + skies, in: directory)
        var station = GatewayConfiguration().station
        station.serials = [Self.air, Self.sky]
        let calibration = Calibration(temperatureOffsetCelsius: -1.5, windSpeedFactor: 1.2, windDirectionOffsetDegrees: 20, rainFactor: 1.1)
        let correction = ObservationCorrection(
            stations: [station], sets: [CalibrationSetRecord(station: "station:1", effectiveAt: 0, calibration: calibration)])
        let site = UploadStation(latitudeDegrees: nil, longitudeDegrees: nil, elevationMeters: nil, name: "x")
        let readings = StationReadings(station: site, zone: .utc, corrector: ObservationCorrector(correction)) { $0 != "ST-00099999" }
        let reading = try readings.reading(try #require(skies.last), from: store)
        // The AIR beside the SKY is corrected too, and so is what derives from it.
        #expect(reading.airTemperatureCelsius == 11)
        #expect(reading.dewPointCelsius == Psychrometrics.dewPointCelsius(airTemperatureCelsius: 11, relativeHumidityPercent: 80))
        #expect(abs((reading.windAverageMetersPerSecond ?? 0) - 4.2) < 1e-9)
        #expect(reading.windDirectionDegrees == 10)
        // Three minutes of 0.5 mm, each × 1.1.
        #expect(abs((reading.rainLastHourMillimeters ?? 0) - 1.65) < 1e-9)
    }
}
