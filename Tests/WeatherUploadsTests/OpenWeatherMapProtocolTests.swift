// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import HTTP
import SystemSupport
import TempestTestKit
import Testing
import WeatherUploads

@Suite struct OpenWeatherMapProtocolTests {
    let key = "owm0123456789abcdef"
    let station = UploadStation(latitudeDegrees: 37.76, longitudeDegrees: -122.43, elevationMeters: 150, name: "Back yard")

    func uploader(_ standIn: OpenWeatherMapStandIn, key: String? = nil, timeoutSeconds: Double = 10) -> OpenWeatherMapProtocol {
        OpenWeatherMapProtocol(
            client: HTTPClient(reusesConnection: true), stationID: "tempest-1234", key: Secret(key ?? self.key), station: station, url: standIn.url,
            totalTimeoutSeconds: timeoutSeconds)
    }

    @Test func aNewStationIsRegisteredOnceThenMeasured() async throws {
        let standIn = try OpenWeatherMapStandIn(key: key)
        let service = uploader(standIn)
        #expect(service.acceptsPastReadings && service.maximumReadingsPerSend >= 100)
        #expect(await UploadTestSupport.failure(of: service) == nil)
        #expect(await UploadTestSupport.failure(of: service) == nil)
        let registered = try #require(standIn.stations.value.first)
        #expect(standIn.stations.value.count == 1)
        #expect(registered.externalID == "tempest-1234")
        #expect(registered.registration["name"] == "Back yard")
        #expect(registered.registration["latitude"].flatMap(Double.init) == 37.76)
        #expect(registered.registration["longitude"].flatMap(Double.init) == -122.43)
        #expect(registered.registration["altitude"].flatMap(Double.init) == 150)
        // The station is looked up once, then remembered.
        #expect(standIn.requests.filter { $0.path == "/data/3.0/stations" }.count == 2)
        #expect(standIn.uploads.count == 2)
        #expect(standIn.uploads.allSatisfy { $0.parameters["station_id"] == registered.id })
    }

    @Test func aKnownStationIsFoundByItsExternalID() async throws {
        let standIn = try OpenWeatherMapStandIn(
            key: key, stations: [.init(id: "5834aaaa", externalID: "other", registration: [:]), .init(id: "5834bbbb", externalID: "tempest-1234", registration: [:])])
        #expect(await UploadTestSupport.failure(of: uploader(standIn)) == nil)
        #expect(standIn.stations.value.count == 2)
        #expect(standIn.uploads.first?.parameters["station_id"] == "5834bbbb")
        #expect(!standIn.requests.contains { $0.method == "POST" && $0.path == "/data/3.0/stations" })
    }

    @Test func valuesArriveMetricInOneArray() async throws {
        let standIn = try OpenWeatherMapStandIn(key: key)
        var later = UploadTestSupport.temperatureOnly(-3.5)
        later.timestamp += 300
        #expect(await UploadTestSupport.failure(of: uploader(standIn), [UploadTestSupport.fullReading(), later]) == nil)
        #expect(standIn.requests.filter { $0.path == "/data/3.0/measurements" }.count == 1)
        let uploads = standIn.uploads
        try #require(uploads.count == 2)
        let values = uploads[0].values
        #expect(values["dt"] == Double(UploadTestSupport.timestamp))
        #expect(values["temperature"] == 20.0)
        #expect(values["dew_point"] == 10.0)
        #expect(values["wind_speed"] == 4.47)
        #expect(values["wind_gust"] == 6.7)
        #expect(values["wind_deg"] == 271.6)
        #expect(values["pressure"] == 1_013.25)
        #expect(values["humidity"] == 65.4)
        #expect(values["rain_1h"] == 0.25)
        #expect(values["rain_24h"] == 3.5)
        #expect(Set(uploads[1].parameters.keys) == ["station_id", "dt", "temperature"])
        #expect(uploads[1].values["temperature"] == -3.5)
        #expect(uploads[1].values["dt"] == Double(UploadTestSupport.timestamp + 300))
    }

    @Test func eachAnswerHasItsMeaning() async throws {
        let standIn = try OpenWeatherMapStandIn(key: key)
        let service = uploader(standIn)
        let cases: [(UploadStandInMode, UploadError.Code)] = [
            (.rejectKey, .rejectedKey), (.badRequest, .refused(statusCode: 400)), (.serverError, .refused(statusCode: 500)),
            (.tooSoon(retryAfterSeconds: 60), .tooSoon),
        ]
        await UploadTestSupport.expectAnswers(cases, from: standIn, to: service, key: key)
        #expect(await UploadTestSupport.failure(of: uploader(standIn, key: "wrong"))?.code == .rejectedKey)
        #expect(await UploadTestSupport.failure(of: service) == nil)
    }

    @Test func aDeletedStationIsLookedUpAgain() async throws {
        let standIn = try OpenWeatherMapStandIn(key: key)
        let service = uploader(standIn)
        #expect(await UploadTestSupport.failure(of: service) == nil)
        standIn.stations.withLock { $0.removeAll() }
        #expect(await UploadTestSupport.failure(of: service)?.code == .refused(statusCode: 404))
        #expect(await UploadTestSupport.failure(of: service) == nil)
        #expect(standIn.stations.value.count == 1)
    }

    @Test func aServiceThatNeverAnswersIsUnreachableAndTheKeyStaysOut() async throws {
        let standIn = try OpenWeatherMapStandIn(key: key)
        let error = try await UploadTestSupport.expectUnreachable(
            from: standIn, to: uploader(standIn, timeoutSeconds: UploadTestSupport.shortTimeoutSeconds), key: key)
        #expect(error.description.contains("appid=<redacted>"))
        #expect(OpenWeatherMapProtocol.defaultURL == "https://api.openweathermap.org/data/3.0")
    }
}
