// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Pipeline
import TempestTestKit
import TempestUDP
import Testing

/// Each quality rule on decoded datagrams (docs/data.md, "Quality checks"),
/// with the default thresholds unless a test sets its own.
@Suite struct QualityCheckTests {
    static let serial = "ST-00054321"
    static let start: Int64 = 1_720_850_460

    /// An `obs_st` datagram; `null` where a value is nil.
    static func observation(
        at time: Int64, temperature: String = "21.5", humidity: String = "60", pressure: String = "1009.2",
        windAverage: String = "1.5", gust: String = "2.5", sampleInterval: Int = 3, rain: String = "0.0", battery: String = "2.68"
    ) -> String {
        """
        {"serial_number":"\(serial)","type":"obs_st","hub_sn":"HB-00012345","obs":[[\(time),0.5,\(windAverage),\(gust),213,\(sampleInterval),\(pressure),\(temperature),\(humidity),812,0.06,7,\(rain),0,0,0,\(battery),1]],"firmware_revision":176}
        """
    }

    static func status(at time: Int64, sensorStatus: Int) -> String {
        """
        {"serial_number":"\(serial)","type":"device_status","hub_sn":"HB-00012345","timestamp":\(time),"uptime":1000,"voltage":2.68,"firmware_revision":176,"rssi":-60,"hub_rssi":-60,"sensor_status":\(sensorStatus),"debug":0}
        """
    }

    static func rainStart(at time: Int64) -> String {
        """
        {"serial_number":"\(serial)","type":"evt_precip","hub_sn":"HB-00012345","evt":[\(time)]}
        """
    }

    /// Decodes `datagram` and judges it; the decoder's range violations count as out of bounds.
    static func judge(_ judge: QualityJudge, _ datagram: String) throws -> MessageVerdicts {
        guard case .decoded(let message, let diagnostics) = DatagramDecoder().decode(datagram) else {
            throw TestKitError("the test datagram did not decode: \(datagram)")
        }
        return judge.judge(message, outOfBounds: diagnostics.rangeViolations.map(\.field))
    }

    /// The finding for `field`, as "verdict reason", or "good".
    static func verdict(_ verdicts: MessageVerdicts, _ field: String) -> String {
        verdicts.findings.first { $0.field == field }.map { "\($0.verdict.rawValue) \($0.reason.rawValue)" } ?? "good"
    }

    @Test func aValueOutsidePhysicalBoundsIsBad() throws {
        let judge = QualityJudge()
        let verdicts = try Self.judge(judge, Self.observation(at: Self.start, temperature: "85.0"))
        #expect(Self.verdict(verdicts, "air_temperature") == "bad out_of_bounds")
        #expect(Self.verdict(verdicts, "relative_humidity") == "good")
    }

    @Test(arguments: [
        ("temperature", "21.5", "29.6", "air_temperature", "bad impossible_step"),
        ("temperature", "21.5", "29.4", "air_temperature", "good"),
        ("humidity", "40", "65.5", "relative_humidity", "bad impossible_step"),
        ("humidity", "40", "64.5", "relative_humidity", "good"),
        ("pressure", "1009.2", "1012.3", "station_pressure", "bad impossible_step"),
        ("pressure", "1009.2", "1012.1", "station_pressure", "good"),
    ])
    func aStepWithinAMinuteBeyondItsLimitIsBad(quantity: String, before: String, after: String, field: String, expected: String) throws {
        let judge = QualityJudge()
        func datagram(_ time: Int64, _ value: String) -> String {
            switch quantity {
            case "temperature": Self.observation(at: time, temperature: value)
            case "humidity": Self.observation(at: time, humidity: value)
            default: Self.observation(at: time, pressure: value)
            }
        }
        _ = try Self.judge(judge, datagram(Self.start, before))
        let verdicts = try Self.judge(judge, datagram(Self.start + 60, after))
        #expect(Self.verdict(verdicts, field) == expected)
    }

    @Test func aStepIsMeasuredFromTheLastGoodValueAndNotAcrossALongGap() throws {
        let judge = QualityJudge()
        _ = try Self.judge(judge, Self.observation(at: Self.start, temperature: "20.0"))
        // A spike is bad; the return to 20.5 is measured from 20.0, not from the spike.
        #expect(Self.verdict(try Self.judge(judge, Self.observation(at: Self.start + 60, temperature: "35.0")), "air_temperature") == "bad impossible_step")
        #expect(Self.verdict(try Self.judge(judge, Self.observation(at: Self.start + 120, temperature: "20.5")), "air_temperature") == "good")
        // A five-minute gap allows five minutes' worth (40 °C).
        #expect(Self.verdict(try Self.judge(judge, Self.observation(at: Self.start + 420, temperature: "-10.0")), "air_temperature") == "good")
    }

    @Test func aLateRowIsJudgedWithoutHistoryAndMovesNone() throws {
        let judge = QualityJudge()
        _ = try Self.judge(judge, Self.observation(at: Self.start + 60, temperature: "20.0"))
        // Older than the newest: no step is judged from it, and it is no reference for the next.
        #expect(Self.verdict(try Self.judge(judge, Self.observation(at: Self.start, temperature: "35.0")), "air_temperature") == "good")
        #expect(Self.verdict(try Self.judge(judge, Self.observation(at: Self.start + 120, temperature: "35.0")), "air_temperature") == "bad impossible_step")
        // The rules that need no history still apply.
        #expect(Self.verdict(try Self.judge(judge, Self.observation(at: Self.start + 30, temperature: "85.0")), "air_temperature") == "bad out_of_bounds")
    }

    @Test func aValueUnchangedForThreeHoursWhileOthersChangeIsSuspect() throws {
        let judge = QualityJudge()
        var last = MessageVerdicts()
        var beforeThreeHours = MessageVerdicts()
        for minute in 0...180 {
            // Humidity stays at 100 %; the temperature moves every minute.
            let temperature = String(15.0 + Double(minute % 7) * 0.1)
            last = try Self.judge(
                judge, Self.observation(at: Self.start + Int64(minute) * 60, temperature: temperature, humidity: "100", windAverage: "0"))
            if minute == 179 { beforeThreeHours = last }
        }
        #expect(Self.verdict(beforeThreeHours, "relative_humidity") == "good")
        #expect(Self.verdict(last, "relative_humidity") == "suspect stuck")
        #expect(Self.verdict(last, "air_temperature") == "good")
        // The pressure stays too; a calm wind (0) is never stuck.
        #expect(Self.verdict(last, "station_pressure") == "suspect stuck")
        #expect(Self.verdict(last, "wind_avg") == "good")
    }

    @Test func nothingIsStuckWhenNothingChanges() throws {
        let judge = QualityJudge()
        var last = MessageVerdicts()
        for minute in 0...200 { last = try Self.judge(judge, Self.observation(at: Self.start + Int64(minute) * 60)) }
        #expect(last.findings.isEmpty)
    }

    @Test func aFailureBitWithAnAgreeingValueIsBadAndAloneIsSuspect() throws {
        let judge = QualityJudge()
        // temperature_failed (0x10) and rh_failed (0x20).
        _ = try Self.judge(judge, Self.status(at: Self.start - 30, sensorStatus: 0x30))
        let verdicts = try Self.judge(judge, Self.observation(at: Self.start, temperature: "0.0", humidity: "55"))
        #expect(Self.verdict(verdicts, "air_temperature") == "bad sensor_failed")
        #expect(Self.verdict(verdicts, "relative_humidity") == "suspect sensor_failed_bit_only")
        #expect(Self.verdict(verdicts, "station_pressure") == "good")
        // A missing value agrees with the bit too.
        let missing = try Self.judge(judge, Self.observation(at: Self.start + 60, temperature: "null"))
        #expect(Self.verdict(missing, "air_temperature") == "bad sensor_failed")
        // A good status clears it.
        _ = try Self.judge(judge, Self.status(at: Self.start + 90, sensorStatus: 0))
        let after = try Self.judge(judge, Self.observation(at: Self.start + 120, temperature: "0.0"))
        #expect(Self.verdict(after, "air_temperature") == "good")
    }

    @Test func everyFailureBitOnAHealthyStationGivesSuspectValuesOnly() throws {
        // 655871 (0xA01FF): every failure bit, seen on stations whose app shows no failure (spec 4.1).
        let judge = QualityJudge()
        _ = try Self.judge(judge, Self.status(at: Self.start - 30, sensorStatus: 655_871))
        let verdicts = try Self.judge(judge, Self.observation(at: Self.start))
        #expect(verdicts.hasNoBadValue)
        #expect(Self.verdict(verdicts, "air_temperature") == "suspect sensor_failed_bit_only")
        // No rain is an ordinary 0, not a sign of a failed sensor.
        #expect(Self.verdict(verdicts, "rain_accumulated") == "suspect sensor_failed_bit_only")
    }

    @Test(arguments: [(300, "2.50", "bad rain_sensor_off"), (3, "2.355", "bad rain_sensor_off"), (3, "2.356", "good"), (60, "2.38", "good")])
    func rainIsUnknownWhileTheHapticSensorIsOff(sampleInterval: Int, battery: String, expected: String) throws {
        let judge = QualityJudge()
        let verdicts = try Self.judge(judge, Self.observation(at: Self.start, sampleInterval: sampleInterval, battery: battery))
        #expect(Self.verdict(verdicts, "rain_accumulated") == expected)
    }

    @Test func rainInStrongWindWithoutARainStartIsSuspect() throws {
        let judge = QualityJudge()
        let windy = try Self.judge(judge, Self.observation(at: Self.start, windAverage: "7.0", gust: "12.0", rain: "0.2"))
        #expect(Self.verdict(windy, "rain_accumulated") == "suspect rain_in_strong_wind_without_rain_start")
        let calm = try Self.judge(judge, Self.observation(at: Self.start + 60, gust: "9.9", rain: "0.2"))
        #expect(Self.verdict(calm, "rain_accumulated") == "good")
        _ = try Self.judge(judge, Self.rainStart(at: Self.start + 100))
        let started = try Self.judge(judge, Self.observation(at: Self.start + 120, windAverage: "7.0", gust: "12.0", rain: "0.2"))
        #expect(Self.verdict(started, "rain_accumulated") == "good")
    }

    @Test func badValuesAreRemovedFromThePublishedMessageAndListedAsActive() throws {
        let judge = QualityJudge()
        _ = try Self.judge(judge, Self.status(at: Self.start - 30, sensorStatus: 0x10))
        guard case .decoded(let message, _) = DatagramDecoder().decode(Self.observation(at: Self.start, temperature: "0.0")) else {
            throw TestKitError("no decode")
        }
        let verdicts = judge.judge(message)
        guard case .tempestObservation(let published) = verdicts.removingBad(from: message),
            case .tempestObservation(let raw) = message
        else { throw TestKitError("not an obs_st") }
        #expect(raw.rows[0].airTemperatureCelsius == 0)
        #expect(published.rows[0].airTemperatureCelsius == nil)
        #expect(published.rows[0].relativeHumidityPercent == raw.rows[0].relativeHumidityPercent)
        #expect(verdicts.badFieldsOfNewestRow == ["air_temperature": .sensorFailed])
        // A run of the same finding is active since its first row.
        _ = try Self.judge(judge, Self.observation(at: Self.start + 60, temperature: "0.0"))
        #expect(judge.activeFindings() == [
            ValueFinding(serial: Self.serial, timestamp: Self.start, field: "air_temperature", verdict: .bad, reason: .sensorFailed)
        ])
    }

    @Test func disabledChecksJudgeNothing() throws {
        var thresholds = QualityThresholds()
        thresholds.enabled = false
        let judge = QualityJudge(thresholds: thresholds)
        _ = try Self.judge(judge, Self.status(at: Self.start - 30, sensorStatus: 0x10))
        #expect(try Self.judge(judge, Self.observation(at: Self.start, temperature: "0.0")).findings.isEmpty)
    }
}
