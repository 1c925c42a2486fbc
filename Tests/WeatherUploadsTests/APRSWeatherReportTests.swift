// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology
import Pipeline
import TempestTestKit
import Testing

@testable import WeatherUploads

@Suite struct APRSWeatherReportTests {
    /// Hopkinton, MA (the wxqa.com FAQ's example position), 98 m, sensor 2 m up.
    static let station = UploadStation(latitudeDegrees: 42.3408, longitudeDegrees: -71.4765, elevationMeters: 98, name: "test")
    /// 2026-11-28 15:05:00 UTC.
    static let timestamp: Int64 = 1_795_878_300

    static func knownReading() -> UploadReading {
        var reading = UploadReading(timestamp: timestamp)
        reading.airTemperatureCelsius = 20  // 68 °F
        reading.relativeHumidityPercent = 100  // h00
        reading.windDirectionDegrees = 32
        reading.windAverageMetersPerSecond = 2.2352  // 5.000 mph
        reading.windGustMetersPerSecond = 3.5763  // 8.000 mph
        reading.rainLastHourMillimeters = 0.254  // 0.01 in
        reading.rainLast24HoursMillimeters = 2.54  // 0.10 in
        reading.rainSinceMidnightMillimeters = 1.016  // 0.04 in
        reading.stationPressureHectopascals = 989.0  // altimeter at 100 m: 1000.93 hPa
        reading.solarRadiationWattsPerSquareMeter = 456
        return reading
    }

    @Test func aKnownReadingMakesTheHandCheckedPacket() throws {
        let report = try APRSWeatherReport(callsign: "CW1234", reading: Self.knownReading(), station: Self.station)
        #expect(
            report.line
                == "CW1234>APRS,TCPIP*:@281505z4220.45N/07128.59W_032/005g008t068r001p010P004h00b10009L456.tempest-gateway-\(GatewayVersion.current)"
        )
    }

    @Test func thePacketParsesBackToTheReading() throws {
        let report = try APRSWeatherReport(callsign: "CW1234", reading: Self.knownReading(), station: Self.station)
        let parsed = try APRSWeatherReportParser.parse(report.line)
        #expect(parsed.source == "CW1234" && parsed.destination == "APRS" && parsed.path == "TCPIP*")
        #expect(parsed.day == 28 && parsed.hour == 15 && parsed.minute == 5)
        #expect(abs(parsed.latitudeDegrees - 42.3408) < 0.0001 && abs(parsed.longitudeDegrees + 71.4765) < 0.0001)
        #expect(parsed.windDirectionDegrees == 32 && parsed.windSpeedMilesPerHour == 5 && parsed.windGustMilesPerHour == 8)
        #expect(parsed.temperatureFahrenheit == 68 && parsed.humidityPercent == 100)
        #expect(parsed.rainLastHourHundredthsOfInch == 1 && parsed.rainLast24HoursHundredthsOfInch == 10)
        #expect(parsed.rainSinceMidnightHundredthsOfInch == 4)
        #expect(parsed.pressureTenthsOfHectopascal == 10_009 && parsed.luminosityWattsPerSquareMeter == 456)
        #expect(parsed.comment == APRSWeatherReport.softwareTag)
    }

    @Test func unknownValuesAreDotsAndUnknownLightIsLeftOut() throws {
        let report = try APRSWeatherReport(callsign: "CW1234", reading: UploadReading(timestamp: Self.timestamp), station: Self.station)
        #expect(report.line.hasSuffix("_.../...g...t...r...p...P...h..b......tempest-gateway-\(GatewayVersion.current)"))
        let parsed = try APRSWeatherReportParser.parse(report.line)
        #expect(parsed.windDirectionDegrees == nil && parsed.temperatureFahrenheit == nil && parsed.humidityPercent == nil)
        #expect(parsed.pressureTenthsOfHectopascal == nil && parsed.luminosityWattsPerSquareMeter == nil)
    }

    @Test func pressureWithoutElevationIsUnknown() throws {
        var reading = UploadReading(timestamp: Self.timestamp)
        reading.stationPressureHectopascals = 1_000
        let station = UploadStation(latitudeDegrees: 42.3408, longitudeDegrees: -71.4765, elevationMeters: nil, name: "test")
        #expect(try APRSWeatherReport(callsign: "CW1234", reading: reading, station: station).line.contains("b....."))
    }

    @Test func fieldsAreWrittenAsTheProtocolSays() {
        #expect(APRSWeatherReport.temperature(Temperature(celsius: 20).fahrenheit) == "068")
        #expect(APRSWeatherReport.temperature(Temperature(fahrenheit: -5).fahrenheit) == "-05")
        #expect(APRSWeatherReport.temperature(-20.6) == "-21")
        #expect(APRSWeatherReport.temperature(-140) == "-99")
        #expect(APRSWeatherReport.temperature(102.4) == "102")
        #expect(APRSWeatherReport.temperature(nil) == "...")
        #expect(APRSWeatherReport.humidity(100) == "00")
        #expect(APRSWeatherReport.humidity(99.6) == "00")
        #expect(APRSWeatherReport.humidity(45) == "45")
        #expect(APRSWeatherReport.humidity(5) == "05")
        #expect(APRSWeatherReport.humidity(nil) == "..")
        // 1013.2 hPa in tenths, 5 digits; 987.6 hPa keeps its leading zero.
        #expect(APRSWeatherReport.digits(1013.2 * 10, width: 5) == "10132")
        #expect(APRSWeatherReport.digits(987.6 * 10, width: 5) == "09876")
        #expect(APRSWeatherReport.digits(nil, width: 5) == ".....")
        #expect(APRSWeatherReport.digits(1_234, width: 3) == "999")
        #expect(APRSWeatherReport.direction(360) == 360 && APRSWeatherReport.direction(-10) == 350 && APRSWeatherReport.direction(370) == 10)
    }

    @Test func luminositySplitsAtAThousand() {
        #expect(APRSWeatherReport.luminosity(0) == "L000")
        #expect(APRSWeatherReport.luminosity(999.4) == "L999")
        #expect(APRSWeatherReport.luminosity(1_000) == "l000")
        #expect(APRSWeatherReport.luminosity(1_234) == "l234")
        #expect(APRSWeatherReport.luminosity(2_500) == "l999")
    }

    @Test func positionsHaveLeadingZerosTwoDecimalsAndHemispheres() throws {
        func text(_ latitude: Double, _ longitude: Double) throws -> String {
            try APRSPosition(station: UploadStation(latitudeDegrees: latitude, longitudeDegrees: longitude, elevationMeters: nil, name: "")).text
        }
        #expect(try text(42.3408, -71.4765) == "4220.45N/07128.59W")
        #expect(try text(-33.8688, 151.2093) == "3352.13S/15112.56E")
        #expect(try text(5.0025, -0.5) == "0500.15N/00030.00W")
        #expect(try text(10.99999, 0) == "1100.00N/00000.00E")
    }

    @Test func noPositionIsAConfigurationError() {
        let station = UploadStation(latitudeDegrees: nil, longitudeDegrees: -71.4765, elevationMeters: 98, name: "test")
        #expect(throws: APRSWeatherReportError.self) { try APRSWeatherReport(callsign: "CW1234", reading: Self.knownReading(), station: station) }
        do {
            _ = try APRSWeatherReport(callsign: "CW1234", reading: Self.knownReading(), station: station)
        } catch {
            #expect(error.kind == .missingPosition)
            #expect(error.description.contains("CWOP needs station.latitude and station.longitude"))
        }
        let farAway = UploadStation(latitudeDegrees: 91, longitudeDegrees: 0, elevationMeters: nil, name: "test")
        #expect(throws: APRSWeatherReportError.self) { try APRSWeatherReport(callsign: "CW1234", reading: Self.knownReading(), station: farAway) }
    }

    /// The NWS ASOS altimeter setting: 950 hPa (28.0535 inHg) at 500 m
    /// (1640.42 ft): [28.0535^0.1903 + 1.313e-5 × 1640.42]^5.255 = 29.7811 inHg = 1008.50 hPa.
    @Test func altimeterSettingMatchesTheCheckValue() throws {
        let setting = try #require(AltimeterSetting.hectopascals(stationPressureHectopascals: 950, sensorElevationMeters: 500))
        #expect(abs(setting - 1_008.50) < 0.01)
        // At sea level it is the station pressure (to the formula's rounded constants).
        let seaLevel = try #require(AltimeterSetting.hectopascals(stationPressureHectopascals: 1_013.2, sensorElevationMeters: 0))
        #expect(abs(seaLevel - 1_013.2) < 0.15)
        #expect(AltimeterSetting.hectopascals(stationPressureHectopascals: nil, sensorElevationMeters: 500) == nil)
        #expect(AltimeterSetting.hectopascals(stationPressureHectopascals: 950, sensorElevationMeters: nil) == nil)
    }
}
