// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import HTTP
import TempestCloud
import TempestTestKit
import TempestUDP
import Testing

@Suite struct WeatherFlowClientTests {
    @Test func stationsAreDecodedFieldByField() async throws {
        let server = try LocalHTTPServer()
        server.route("/stations", .init(body: RESTFixtures.stations))
        let stations = try await makeClient(server).stations()
        let station = try #require(stations.first)
        #expect(stations.count == 1)
        #expect(station.id == 98765)
        #expect(station.name == "Backyard")
        #expect(station.publicName == "Elm St")
        #expect(station.latitudeDegrees == 39.7392)
        #expect(station.longitudeDegrees == -104.9903)
        #expect(station.timeZoneIdentifier == "America/Denver")
        #expect(station.timeZoneOffsetMinutes == -420)
        #expect(station.elevationMeters == 2063.150146484375)
        #expect(station.stationItems == [StationItem(item: "air_temperature_humidity", deviceID: 211522), StationItem(item: "wind", deviceID: 211522)])
        #expect(station.devices.count == 2)
        let hub = station.devices[0]
        #expect(hub.id == 111111 && hub.isHub && hub.serialNumber == SerialNumber("HB-00012345"))
        #expect(hub.environment == "indoor")
        let tempest = try #require(station.device(serialNumber: SerialNumber("ST-00054321")!))
        #expect(tempest.id == 211522)
        #expect(tempest.deviceType == "ST")
        #expect(tempest.firmwareRevision == "176")
        #expect(tempest.hardwareRevision == "1")
        #expect(tempest.sensorHeightAboveGroundMeters == 1.8288)
        #expect(tempest.environment == "outdoor")
        #expect(tempest.name == "Roof")
        let request = try #require(server.requests.first)
        #expect(request.path == "/stations")
        expectTokenOnlyInHeader(server)
    }

    @Test func stationObservationReadsNamedKeys() async throws {
        let server = try LocalHTTPServer()
        server.route("/observations/station/98765", .init(body: RESTFixtures.stationObservation))
        let observation = try #require(try await makeClient(server).stationObservation(stationID: 98765))
        #expect(observation.timestamp == UnixTimestamp(secondsSince1970: 1_700_000_000))
        #expect(observation.airTemperatureCelsius == 10.5)
        #expect(observation.relativeHumidityPercent == 23)
        #expect(observation.stationPressureMillibars == 795.2)
        #expect(observation.seaLevelPressureMillibars == 1021.4)
        #expect(observation.pressureTrend == "rising")
        #expect(observation.windAverageMetersPerSecond == 2.1)
        #expect(observation.windGustMetersPerSecond == 3.4)
        #expect(observation.windDirectionDegrees == 270)
        #expect(observation.illuminanceLux == 61440)
        #expect(observation.precipitationLocalDayMillimeters == 1.25)
        #expect(observation.precipitationLocalDayFinalMillimeters == 1.5)
        #expect(observation.lightningStrikeLastTime == UnixTimestamp(secondsSince1970: 1_699_990_000))
        #expect(observation.dewPointCelsius == -10.4)
        #expect(observation.precipitationAnalysisTypeYesterday == 1)
        #expect(observation.wetBulbTemperatureCelsius == nil)
        expectTokenOnlyInHeader(server)
    }

    @Test func emptyObsIsNoDataNotAnError() async throws {
        let server = try LocalHTTPServer()
        server.route("/observations/station/98765", .init(body: RESTFixtures.noData))
        server.route("/observations/device/211522", .init(body: RESTFixtures.noData))
        let client = makeClient(server)
        #expect(try await client.stationObservation(stationID: 98765) == nil)
        let rows = try await client.deviceObservations(
            deviceID: 211522, from: UnixTimestamp(secondsSince1970: 1_700_000_000), to: UnixTimestamp(secondsSince1970: 1_700_003_600))
        #expect(rows.isEmpty)
        #expect(server.requests.count == 2)
    }

    @Test func deviceObservationsAreFetchedInFiveDayWindows() async throws {
        let server = try LocalHTTPServer()
        let start: Int64 = 1_700_000_040
        let day: Int64 = 86_400
        let end = start + 12 * day
        // Each window's answer holds its boundary rows; the shared boundary rows must not be duplicated.
        server.route("/observations/device/211522", responses: [
            .init(body: RESTFixtures.deviceObservations([start, start + 60, start + 5 * day])),
            .init(body: RESTFixtures.deviceObservations([start + 5 * day, start + 7 * day])),
            .init(body: RESTFixtures.deviceObservations([start + 10 * day, end])),
        ])
        let rows = try await makeClient(server).deviceObservations(
            deviceID: 211522, from: UnixTimestamp(secondsSince1970: start), to: UnixTimestamp(secondsSince1970: end))
        let windows = server.requests.map { ($0.queryValue("time_start").flatMap { Int64($0) }, $0.queryValue("time_end").flatMap { Int64($0) }) }
        #expect(windows.count == 3)
        #expect(windows.map(\.0) == [start, start + 5 * day, start + 10 * day])
        #expect(windows.map(\.1) == [start + 5 * day, start + 10 * day, end])
        #expect(rows.map(\.timestamp.secondsSince1970) == [start, start + 60, start + 5 * day, start + 7 * day, start + 10 * day, end])
        let row = try #require(rows.first)
        #expect(row.windAverageMetersPerSecond == 1.2)
        #expect(row.windSampleIntervalSeconds == 3)
        #expect(row.stationPressureMillibars == 795.2)
        #expect(row.airTemperatureCelsius == 12.5)
        #expect(row.precipitationType == PrecipitationType.none)
        #expect(row.batteryVolts == 2.61)
        #expect(row.localDayRainAccumulationMillimeters == 0.8)
        #expect(row.nearCastRainAccumulationMillimeters == nil)
        #expect(row.localDayNearCastRainAccumulationMillimeters == 0.9)
        #expect(row.precipitationAnalysisType == 1)
        expectTokenOnlyInHeader(server)
    }

    @Test func unauthorizedGivesTheExactMessageAndIsNotRetried() async throws {
        let server = try LocalHTTPServer()
        server.route("/stations", .init(status: 401, body: RESTFixtures.unauthorized))
        let sleeps = SleepRecorder()
        await #expect {
            _ = try await makeClient(server, sleeps: sleeps).stations()
        } throws: { error in
            String(describing: error) == "the token was rejected; create one at tempestwx.com → Settings → Data Authorizations"
                && (error as? WeatherFlowError)?.kind == .tokenRejected
        }
        #expect(server.requests.count == 1)
        #expect(sleeps.delays.isEmpty)
    }

    @Test func notFoundNamesTheStationOrDevice() async throws {
        let server = try LocalHTTPServer()
        server.route("/observations/station/1234", .init(status: 404, body: #"{"status":{"status_code":404,"status_message":"NOT FOUND"}}"#))
        server.route("/observations/device/5678", .init(status: 404, body: ""))
        let client = makeClient(server)
        await #expect {
            _ = try await client.stationObservation(stationID: 1234)
        } throws: { error in
            (error as? WeatherFlowError)?.kind == .stationNotFound && String(describing: error).contains("station 1234")
        }
        await #expect {
            _ = try await client.deviceObservations(deviceID: 5678, from: UnixTimestamp(secondsSince1970: 1_700_000_000), to: UnixTimestamp(secondsSince1970: 1_700_000_060))
        } throws: { error in
            (error as? WeatherFlowError)?.kind == .deviceNotFound && String(describing: error).contains("device 5678")
        }
        #expect(server.requests.count == 2)
    }

    @Test func tooManyRequestsIsRetriedHonouringRetryAfter() async throws {
        let server = try LocalHTTPServer()
        server.route("/stations", responses: [
            .init(status: 429, headers: [("Retry-After", "7")], body: ""),
            .init(body: RESTFixtures.stations),
        ])
        let sleeps = SleepRecorder()
        let stations = try await makeClient(server, sleeps: sleeps).stations()
        #expect(stations.count == 1)
        #expect(server.requests.count == 2)
        #expect(sleeps.delays == [.seconds(7)])
        expectTokenOnlyInHeader(server)
    }

    @Test func serverErrorIsRetriedWithBackoffThenSucceeds() async throws {
        let server = try LocalHTTPServer()
        server.route("/stations", responses: [
            .init(status: 500, body: RESTFixtures.internalError),
            .init(status: 503, body: RESTFixtures.internalError),
            .init(body: RESTFixtures.stations),
        ])
        let sleeps = SleepRecorder()
        let stations = try await makeClient(server, sleeps: sleeps).stations()
        #expect(stations.count == 1)
        // Full jitter with random() = 0.5: half of 2 s, then half of 4 s.
        #expect(sleeps.delays == [.seconds(1), .seconds(2)])
    }

    @Test func persistentServerErrorGivesUpAfterTheAttemptLimit() async throws {
        let server = try LocalHTTPServer()
        server.route("/stations", .init(status: 500, body: RESTFixtures.internalError))
        let sleeps = SleepRecorder()
        await #expect {
            _ = try await makeClient(server, sleeps: sleeps, attempts: 3).stations()
        } throws: { error in
            (error as? WeatherFlowError)?.kind == .serverError && String(describing: error).contains("3 attempts")
        }
        #expect(server.requests.count == 3)
        #expect(sleeps.delays.count == 2)
    }

    @Test func truncatedAndInvalidJSONAreMalformedResponses() async throws {
        let server = try LocalHTTPServer()
        let truncated = String(RESTFixtures.stations.prefix(300))
        server.route("/stations", responses: [.init(body: truncated), .init(body: "<html>gateway</html>"), .init(body: "[1,2]")])
        let client = makeClient(server)
        for _ in 0..<3 {
            await #expect {
                _ = try await client.stations()
            } throws: { error in
                (error as? WeatherFlowError)?.kind == .malformedResponse
            }
        }
        // A body cut off by the connection (Content-Length larger than sent) is an error too.
        server.route("/observations/station/1", .init(body: "{\"obs\":[{\"air", announcedLength: 500))
        await #expect(throws: WeatherFlowError.self) { _ = try await client.stationObservation(stationID: 1) }
    }

    @Test func nonZeroBodyStatusWithHTTP200IsAnError() async throws {
        let server = try LocalHTTPServer()
        server.route("/stations", .init(body: RESTFixtures.internalError))
        await #expect {
            _ = try await makeClient(server).stations()
        } throws: { error in
            (error as? WeatherFlowError)?.kind == .serviceStatus && String(describing: error).contains("INTERNAL_ERROR")
        }
    }

    @Test func stalledResponseIsRetriedThenReportedAsTimeout() async throws {
        let server = try LocalHTTPServer()
        server.route("/stations", .init(body: RESTFixtures.stations, delayBeforeBodySeconds: 10))
        let client = WeatherFlowClient(
            token: testToken, baseURL: server.baseURL + "/",
            retryPolicy: RetryPolicy(maximumAttempts: 2, sleep: { _ in }),
            requestTemplate: HTTPRequest(url: "", totalTimeoutSeconds: 0.3))
        await #expect {
            _ = try await client.stations()
        } throws: { error in
            (error as? WeatherFlowError)?.httpError?.kind == .timeout
        }
        #expect(server.requests.count == 2)
        server.stop()
    }

    @Test func tokenNeverAppearsInErrorsOrRecordedURLs() async throws {
        let server = try LocalHTTPServer()
        server.route("/stations", .init(status: 418, body: "teapot"))
        server.route("/observations/station/1", .init(body: "{oops"))
        let client = makeClient(server)
        var descriptions: [String] = []
        do { _ = try await client.stations() } catch { descriptions.append(error.description) }
        do { _ = try await client.stationObservation(stationID: 1) } catch { descriptions.append(error.description) }
        let refused = WeatherFlowClient(token: testToken, baseURL: "http://127.0.0.1:\(try FreePort.tcp())", retryPolicy: RetryPolicy(maximumAttempts: 1))
        do { _ = try await refused.stations() } catch { descriptions.append(error.description) }
        #expect(descriptions.count == 3)
        for description in descriptions { #expect(!description.contains(testTokenText)) }
        for request in server.requests { #expect(!request.target.contains(testTokenText)) }
        expectTokenOnlyInHeader(server)
    }

    @Test func skyAndAirRowsAreDecodedAndTypeMismatchIsAnError() async throws {
        let server = try LocalHTTPServer()
        server.route("/observations/device/300", .init(body: #"{"status":{"status_code":0,"status_message":"SUCCESS"},"device_id":300,"type":"obs_sky","obs":[[1700000000,9000,1.5,0.2,2.6,4.6,7.4,187,3.12,1,130,4.8,1,3,5.1,5.2,1]]}"#))
        server.route("/observations/device/400", .init(body: #"{"status":{"status_code":0,"status_message":"SUCCESS"},"device_id":400,"type":"obs_air","obs":[[1700000000,835.0,10.0,45,2,14,3.46,1]]}"#))
        let client = makeClient(server)
        let from = UnixTimestamp(secondsSince1970: 1_699_999_000)
        let to = UnixTimestamp(secondsSince1970: 1_700_001_000)
        let sky = try #require(try await client.skyObservations(deviceID: 300, from: from, to: to).first)
        #expect(sky.illuminanceLux == 9000)
        #expect(sky.windGustMetersPerSecond == 7.4)
        #expect(sky.localDayRainAccumulationMillimeters == 4.8)
        #expect(sky.precipitationType == .rain)
        #expect(sky.windSampleIntervalSeconds == 3)
        #expect(sky.localDayNearCastRainAccumulationMillimeters == 5.2)
        let air = try #require(try await client.airObservations(deviceID: 400, from: from, to: to).first)
        #expect(air.stationPressureMillibars == 835)
        #expect(air.relativeHumidityPercent == 45)
        #expect(air.lightningStrikeCount == 2)
        #expect(air.reportIntervalMinutes == 1)
        await #expect {
            _ = try await client.deviceObservations(deviceID: 300, from: from, to: to)
        } throws: { error in
            (error as? WeatherFlowError)?.kind == .malformedResponse && String(describing: error).contains("obs_sky")
        }
    }
}
