// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Testing
import TempestUDP

/// The typed model: units, nulls, flag sets and derived modes, checked on
/// specific fixture lines.
@Suite("Typed messages")
struct TypedMessageTests {
    func decode(_ file: String, line: Int) throws -> TempestMessage {
        let datagram = try FixtureLoader.datagrams(file)[line - 1]
        guard case .decoded(let message, _) = DatagramDecoder().decode(datagram) else {
            throw TestFailure("\(file) line \(line) did not decode")
        }
        return message
    }

    @Test("obs_st carries every field in protocol units")
    func tempestObservation() throws {
        guard case .tempestObservation(let observation) = try decode("obs_st", line: 1) else {
            Issue.record("not an obs_st")
            return
        }
        #expect(observation.envelope.serialNumber.rawValue == "ST-00187342")
        #expect(observation.envelope.serialNumber.family == .tempest)
        #expect(observation.envelope.hubSerialNumber?.rawValue == "HB-00094417")
        #expect(observation.envelope.firmwareRevision == .number(179))
        let row = try #require(observation.rows.first)
        #expect(row.timestamp == UnixTimestamp(secondsSince1970: 1_705_334_400))
        #expect(row.windLullMetersPerSecond == 0.9)
        #expect(row.windAverageMetersPerSecond == 3.1)
        #expect(row.windGustMetersPerSecond == 6.4)
        #expect(row.windDirectionDegrees == 196)
        #expect(row.windSampleIntervalSeconds == 3)
        #expect(row.powerSaveMode == .fullPower)
        #expect(row.stationPressureMillibars == 998.42)
        #expect(row.airTemperatureCelsius == 5.8)
        #expect(row.relativeHumidityPercent == 94.1)
        #expect(row.illuminanceLux == 2870)
        #expect(row.uvIndex == 0.09)
        #expect(row.solarRadiationWattsPerSquareMeter == 24)
        #expect(row.rainAccumulatedMillimeters == 0.14)
        #expect(row.precipitationType == .rain)
        #expect(row.lightningStrikeAverageDistanceKilometers == 0)
        #expect(row.lightningStrikeCount == 0)
        #expect(row.batteryVolts == 2.512)
        #expect(row.reportIntervalMinutes == 1)
    }

    @Test("power mode 3 nulls become missing, never zero")
    func powerMode3() throws {
        guard case .tempestObservation(let observation) = try decode("obs_st", line: 4) else {
            Issue.record("not an obs_st")
            return
        }
        let row = try #require(observation.rows.first)
        #expect(row.windLullMetersPerSecond == nil)
        #expect(row.windAverageMetersPerSecond == nil)
        #expect(row.windGustMetersPerSecond == nil)
        #expect(row.windDirectionDegrees == nil)
        #expect(row.powerSaveMode == .mode3)
        #expect(row.stationPressureMillibars == 1012.33)
    }

    @Test("an all-null row keeps only its timestamp")
    func allNullRow() throws {
        guard case .tempestObservation(let observation) = try decode("obs_st", line: 6) else {
            Issue.record("not an obs_st")
            return
        }
        let expected = TempestObservation.Row(timestamp: UnixTimestamp(secondsSince1970: 1_705_514_400))
        #expect(observation.rows == [expected])
    }

    @Test("several rows in one obs array are all kept, in time order")
    func multipleRows() throws {
        guard case .tempestObservation(let observation) = try decode("obs_st", line: 12) else {
            Issue.record("not an obs_st")
            return
        }
        #expect(observation.rows.map(\.timestamp.secondsSince1970) == [1_705_338_000, 1_705_338_060])
        #expect(observation.rows.map(\.rainAccumulatedMillimeters) == [0.08, 0.1])
    }

    @Test("rain plus hail keeps its experimental code 3")
    func rainAndHail() throws {
        guard case .tempestObservation(let observation) = try decode("obs_st", line: 10) else {
            Issue.record("not an obs_st")
            return
        }
        #expect(observation.rows.first?.precipitationType == .rainAndHail)
        #expect(observation.rows.first?.lightningStrikeCount == 12)
    }

    @Test("sensor_status names documented bits and keeps undocumented ones")
    func sensorStatusFlags() throws {
        guard case .deviceStatus(let lowBattery) = try decode("device_status", line: 2),
            case .deviceStatus(let noisy) = try decode("device_status", line: 4),
            case .deviceStatus(let failedAir) = try decode("device_status", line: 5),
            case .deviceStatus(let highBits) = try decode("device_status", line: 7)
        else {
            Issue.record("not device_status")
            return
        }
        let lowBatteryStatus = try #require(lowBattery.sensorStatus)
        #expect(lowBatteryStatus.rawValue == 8196)
        #expect(lowBatteryStatus.documentedFlagNames == ["lightning_disturber"])
        #expect(lowBatteryStatus.undocumentedBits == 0x2000)
        #expect(noisy.sensorStatus?.documentedFlagNames == ["lightning_noise", "lightning_disturber"])
        #expect(failedAir.sensorStatus?.documentedFlagNames == ["temperature_failed", "rh_failed"])
        #expect(highBits.sensorStatus?.documentedFlagNames == [])
        #expect(highBits.sensorStatus?.undocumentedBits == 0xA0000)
        #expect(lowBattery.voltageVolts == 2.351)
        #expect(lowBattery.uptimeSeconds == 8_720_412)
        #expect(lowBattery.rssiDecibels == -72)
        #expect(lowBattery.hubRSSIDecibels == -69)
    }

    @Test("hub_status: string firmware, reset flags, 4- and 5-element radio_stats")
    func hubStatus() throws {
        guard case .hubStatus(let current) = try decode("hub_status", line: 1),
            case .hubStatus(let watchdog) = try decode("hub_status", line: 3),
            case .hubStatus(let old) = try decode("hub_status", line: 4),
            case .hubStatus(let bluetooth) = try decode("hub_status", line: 5)
        else {
            Issue.record("not hub_status")
            return
        }
        #expect(current.envelope.firmwareRevision == .text("194"))
        #expect(current.envelope.firmwareRevision?.numericValue == 194)
        #expect(current.envelope.hubSerialNumber == nil)
        #expect(current.resetFlags == [.brownOut, .pin, .powerOn])
        #expect(current.radioStats?.version == 25)
        #expect(current.radioStats?.status == .active)
        #expect(current.radioStats?.networkID == 46307)
        #expect(current.fileSystemStats == [1, 0, 15_675_411, 524_288])
        #expect(current.mqttStats == [7, 0])
        #expect(watchdog.resetFlags == [.watchdog])
        #expect(watchdog.uptimeSeconds == 27)
        #expect(watchdog.sequenceNumber == 2)
        #expect(old.envelope.firmwareRevision == .text("35"))
        #expect(old.radioStats?.rawValues.count == 4)
        #expect(old.radioStats?.networkID == nil)
        #expect(bluetooth.radioStats?.status == .bluetoothConnected)
    }

    @Test("events and rapid wind")
    func eventsAndWind() throws {
        guard case .lightningStrike(let strike) = try decode("evt_strike", line: 4),
            case .rainStart(let rain) = try decode("evt_precip", line: 3),
            case .rapidWind(let calm) = try decode("rapid_wind", line: 4)
        else {
            Issue.record("wrong types")
            return
        }
        #expect(strike.envelope.serialNumber.family == .air)
        #expect(strike.distanceKilometers == 27)
        #expect(strike.energy == 3848)
        #expect(rain.envelope.serialNumber.family == .sky)
        #expect(rain.timestamp.secondsSince1970 == 1_698_760_000)
        #expect(calm.windSpeedMetersPerSecond == 0)
        #expect(calm.windDirectionDegrees == 0)
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
