// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import Meteorology
import Pipeline
import Storage
import Testing

@testable import TimeSeriesExport

/// The points of docs/export.md, built from stored records.
@Suite("Export points")
struct ExportPointsTests {
    static let denver = try! TimeZoneRules(identifier: "America/Denver")
    let points = ExportPoints(stationBySerial: ["ST-00000001": "4242", "AR-00000002": "2"], defaultStation: "4242", zone: denver)

    @Test("an obs_st row carries every value it has under its unit's name, a derived dew point, and its tags")
    func tempestObservation() throws {
        var record = ObservationRecord(serial: "ST-00000001", timestamp: 1_720_850_460, kind: .tempest, source: .udp)
        record.windAverageMetersPerSecond = 2.3
        record.windDirectionDegrees = 270
        record.stationPressureMillibars = 1013.25
        record.airTemperatureCelsius = 20
        record.relativeHumidityPercent = 50
        record.rainAccumulatedMillimeters = 0.254
        record.batteryVolts = 2.65
        let line = try #require(points.line(record))
        // Dew point of 20 °C and 50 %: 9.27 °C (Magnus, the gateway's own formula).
        let dewPoint = try #require(Psychrometrics.dewPointCelsius(airTemperatureCelsius: 20, relativeHumidityPercent: 50))
        #expect(
            line == "tempest_observation,device_type=tempest,serial=ST-00000001,source=udp,station=4242 "
                + "wind_avg_m_s=2.3,wind_direction_deg=270.0,station_pressure_hpa=1013.25,air_temperature_c=20.0,"
                + "relative_humidity_percent=50.0,rain_mm=0.254,battery_v=2.65,dew_point_c=\((dewPoint * 100).rounded() / 100) 1720850460")
    }

    @Test("with a calibration, observations and wind are sent corrected from its time on, and the dew point follows")
    func calibrated() throws {
        var station = GatewayConfiguration().station
        station.serials = ["ST-00000001"]
        let calibration = Calibration(temperatureOffsetCelsius: -1.5, windSpeedFactor: 2, rainFactor: 1.1)
        let corrector = ObservationCorrector(
            ObservationCorrection(stations: [station], sets: [CalibrationSetRecord(station: "station:1", effectiveAt: 100, calibration: calibration)]))
        let calibrated = ExportPoints(stationBySerial: [:], defaultStation: "1", zones: StationZones(.utc), corrector: corrector)
        func record(at timestamp: Int64) -> ObservationRecord {
            var record = ObservationRecord(serial: "ST-00000001", timestamp: timestamp, kind: .tempest, source: .udp)
            record.airTemperatureCelsius = 20
            record.relativeHumidityPercent = 50
            record.rainAccumulatedMillimeters = 1
            return record
        }
        let dewPoint = try #require(Psychrometrics.dewPointCelsius(airTemperatureCelsius: 18.5, relativeHumidityPercent: 50))
        #expect(
            calibrated.line(record(at: 1_000))
                == "tempest_observation,device_type=tempest,serial=ST-00000001,source=udp,station=1 "
                + "air_temperature_c=18.5,relative_humidity_percent=50.0,rain_mm=1.1,dew_point_c=\((dewPoint * 100).rounded() / 100) 1000")
        // Measured before the set took effect: as stored.
        #expect(calibrated.line(record(at: 50))?.contains("air_temperature_c=20.0,") == true)
        #expect(
            calibrated.line(RapidWindRecord(serial: "ST-00000001", timestamp: 1_000, speedMetersPerSecond: 3.5, directionDegrees: 270))
                == "tempest_rapid_wind,device_type=tempest,serial=ST-00000001,station=1 wind_speed_m_s=7.0,wind_direction_deg=270.0 1000")
    }

    @Test("an AIR row has only its own fields; a device no station lists gets the first station's tag")
    func airObservation() throws {
        var record = ObservationRecord(serial: "AR-00000009", timestamp: 1_000, kind: .air, source: .rest)
        record.airTemperatureCelsius = -3.5
        let line = try #require(points.line(record))
        #expect(line == "tempest_observation,device_type=air,serial=AR-00000009,source=rest,station=4242 air_temperature_c=-3.5 1000")
        #expect(points.line(ObservationRecord(serial: "SK-1", timestamp: 1, kind: .sky, source: .udp)) == nil)
    }

    @Test("strikes, rain starts and daily summaries; a summary is stamped when it changed, within its own local day")
    func eventsAndSummaries() throws {
        #expect(
            points.line(LightningStrikeRecord(serial: "ST-00000001", timestamp: 7, distanceKilometers: 12, energy: 3000))
                == "tempest_lightning_strike,device_type=tempest,serial=ST-00000001,station=4242 distance_km=12.0,energy=3000.0 7")
        #expect(
            points.line(RapidWindRecord(serial: "ST-00000001", timestamp: 11, speedMetersPerSecond: 3.5, directionDegrees: 270))
                == "tempest_rapid_wind,device_type=tempest,serial=ST-00000001,station=4242 wind_speed_m_s=3.5,wind_direction_deg=270.0 11")
        #expect(
            points.line(RainStartRecord(serial: "AR-00000002", timestamp: 9))
                == "tempest_rain_start,device_type=air,serial=AR-00000002,station=2 rain_start=1.0 9")
        // Midnight in Denver (UTC-6 in July) is 06:00 UTC: 1720850400; the day ends 86,400 s later.
        var summary = DailySummaryRecord(serial: "ST-00000001", localDate: "2024-07-13", updatedAt: 1_720_860_000)
        summary.rainMillimeters = 1.5
        summary.maximumTemperatureCelsius = 31
        #expect(
            points.line(summary)
                == "tempest_daily_summary,device_type=tempest,serial=ST-00000001,station=4242 "
                + "rain_mm=1.5,rain_minutes=0.0,strike_count=0.0,max_air_temperature_c=31.0 1720860000")
        // The growers' figures, each while known; chill minutes as hours.
        var growing = summary
        growing.growers.referenceEvapotranspirationMillimeters = 5.25
        growing.growers.chillMinutes = 90
        growing.growers.sunshineMinutes = 600
        #expect(
            points.line(growing)
                == "tempest_daily_summary,device_type=tempest,serial=ST-00000001,station=4242 "
                + "rain_mm=1.5,rain_minutes=0.0,strike_count=0.0,max_air_temperature_c=31.0,et0_mm=5.25,sunshine_minutes=600.0,chill_hours=1.5 1720860000")
        // Changed later (a backfill): at the day's last second; a clock before the day: at its midnight.
        summary.updatedAt = 1_730_000_000
        #expect(points.line(summary)?.hasSuffix(" 1720936799") == true)
        summary.updatedAt = 5
        #expect(points.line(summary)?.hasSuffix(" 1720850400") == true)
        #expect(points.line(DailySummaryRecord(serial: "ST-00000001", localDate: "not a date", updatedAt: 0)) == nil)
    }
}
