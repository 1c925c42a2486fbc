// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import HTTP
import TempestTestKit
import Testing
import WeatherUploads

/// What the service tests share: a reading with hand-checked values, and
/// how to catch an upload's error.
enum UploadTestSupport {
    /// 2026-08-29 12:34:56 UTC.
    static let timestamp: Int64 = 1_788_006_896

    /// A short timeout for the services that never answer: the test waits
    /// this long at most per request.
    static let shortTimeoutSeconds = 1.0

    /// Every value set. Hand-converted: 20.0 °C = 68.0 °F, 10.0 °C = 50.0 °F,
    /// 4.47 m/s = 10.0 mph, 6.7 m/s = 15.0 mph, 1013.25 hPa = 29.921 inHg,
    /// 0.254 mm = 0.010 in, 0.123 mm = 0.005 in, 1.27 mm = 0.050 in.
    static func fullReading() -> UploadReading {
        var reading = UploadReading(timestamp: timestamp)
        reading.airTemperatureCelsius = 20.0
        reading.relativeHumidityPercent = 65.4
        reading.dewPointCelsius = 10.0
        reading.windAverageMetersPerSecond = 4.47
        reading.windGustMetersPerSecond = 6.7
        reading.windDirectionDegrees = 271.6
        reading.stationPressureHectopascals = 1_000.0
        reading.seaLevelPressureHectopascals = 1_013.25
        reading.rainLastHourMillimeters = 0.254
        reading.rainSinceMidnightMillimeters = 0.123
        reading.rainLast24HoursMillimeters = 3.5
        reading.rainSincePreviousReadingMillimeters = 1.27
        reading.uvIndex = 3.46
        reading.solarRadiationWattsPerSquareMeter = 512.4
        reading.illuminanceLux = 50_000
        return reading
    }

    /// A reading with the air temperature only.
    static func temperatureOnly(_ celsius: Double = 20.0) -> UploadReading {
        var reading = UploadReading(timestamp: timestamp)
        reading.airTemperatureCelsius = celsius
        return reading
    }

    /// The error `send` threw, or nil when it returned.
    static func failure(of service: some UploadProtocol, _ readings: [UploadReading] = [fullReading()]) async -> UploadError? {
        do throws(UploadError) {
            try await service.send(readings)
            return nil
        } catch {
            return error
        }
    }

    /// The answers the stand-in gives in each of `cases`' modes become
    /// each case's code, and no error names `key`; the mode is `.accept` after.
    static func expectAnswers(
        _ cases: [(UploadStandInMode, UploadError.Code)], from standIn: some UploadStandIn, to service: some UploadProtocol, key: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        for (mode, code) in cases {
            standIn.mode = mode
            let error = await failure(of: service)
            #expect(error?.code == code, "\(mode)", sourceLocation: sourceLocation)
            #expect(error?.description.contains(key) == false, "\(mode)", sourceLocation: sourceLocation)
        }
        standIn.mode = .accept
    }

    /// A stand-in that never answers makes `service` (with a short
    /// timeout) fail as unreachable, with `key` nowhere in the error.
    @discardableResult
    static func expectUnreachable(
        from standIn: some UploadStandIn, to service: some UploadProtocol, key: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> UploadError {
        standIn.mode = .neverAnswer
        let error = try #require(await failure(of: service), sourceLocation: sourceLocation)
        #expect(error.code == .unreachable, sourceLocation: sourceLocation)
        #expect(!error.description.contains(key), sourceLocation: sourceLocation)
        return error
    }

    /// The imperial values of `fullReading()` that Weather Underground,
    /// PWSweather and Met Office WOW share, converted by hand.
    static func expectImperialValues(_ values: [String: Double], sourceLocation: SourceLocation = #_sourceLocation) {
        let expected: [String: Double] = [
            "tempf": 68.0, "dewptf": 50.0, "humidity": 65, "windspeedmph": 10.0, "windgustmph": 15.0, "winddir": 272, "baromin": 29.921,
            "dailyrainin": 0.005,
        ]
        for (name, value) in expected { #expect(values[name] == value, "\(name)", sourceLocation: sourceLocation) }
    }

    /// A URL on 127.0.0.1 where nothing listens.
    static func deadURL(path: String) throws -> String {
        "http://127.0.0.1:\(try FreePort.tcp())\(path)"
    }
}
