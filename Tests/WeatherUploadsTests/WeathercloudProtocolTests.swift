// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import HTTP
import SystemSupport
import TempestTestKit
import Testing
import WeatherUploads

@Suite struct WeathercloudProtocolTests {
    let key = "0123456789abcdef0123456789abcdef"

    func uploader(_ standIn: WeathercloudStandIn, key: String? = nil, timeoutSeconds: Double = 10) -> WeathercloudProtocol {
        WeathercloudProtocol(
            client: HTTPClient(reusesConnection: true), stationID: standIn.stationID, key: Secret(key ?? self.key), url: standIn.url,
            totalTimeoutSeconds: timeoutSeconds)
    }

    @Test func valuesArriveAsWholeTenths() async throws {
        let standIn = try WeathercloudStandIn(stationID: "d0123456789", key: key)
        #expect(await UploadTestSupport.failure(of: uploader(standIn)) == nil)
        let upload = try #require(standIn.uploads.first)
        let parameters = upload.parameters
        #expect(parameters["wid"] == "d0123456789" && parameters["key"] == key)
        #expect(parameters["date"] == "20260829" && parameters["time"] == "1234")
        let expected: [String: String] = [
            "temp": "200", "dew": "100", "hum": "65", "wdir": "272", "wspd": "45", "wspdhi": "67", "bar": "10133", "rain": "1",
            "rainrate": "3", "uvi": "35", "solarrad": "5124",
        ]
        for (name, value) in expected { #expect(parameters[name] == value, "\(name)") }
        #expect(parameters["ver"]?.isEmpty == false)
        #expect(parameters["type"] == nil)
    }

    @Test func missingValuesAreLeftOutAndNegativesRound() async throws {
        let standIn = try WeathercloudStandIn(stationID: "d1", key: key)
        #expect(await UploadTestSupport.failure(of: uploader(standIn), [UploadTestSupport.temperatureOnly(-5.26)]) == nil)
        let upload = try #require(standIn.uploads.first)
        #expect(Set(upload.parameters.keys) == ["wid", "key", "date", "time", "temp", "ver"])
        #expect(upload.parameters["temp"] == "-53")
    }

    @Test(arguments: [false, true]) func eachAnswerHasItsMeaning(statusIsAlways200: Bool) async throws {
        let standIn = try WeathercloudStandIn(stationID: "d1", key: key, statusIsAlways200: statusIsAlways200)
        let service = uploader(standIn)
        let cases: [(UploadStandInMode, UploadError.Code)] = [
            (.rejectKey, .rejectedKey), (.badRequest, .refused(statusCode: 400)), (.serverError, .refused(statusCode: 500)),
            (.tooSoon(retryAfterSeconds: 600), .tooSoon),
        ]
        await UploadTestSupport.expectAnswers(cases, from: standIn, to: service, key: key)
        #expect(await UploadTestSupport.failure(of: uploader(standIn, key: "wrong"))?.code == .rejectedKey)
        #expect(await UploadTestSupport.failure(of: service) == nil)
    }

    @Test func aServiceThatNeverAnswersIsUnreachable() async throws {
        let standIn = try WeathercloudStandIn(stationID: "d1", key: key)
        try await UploadTestSupport.expectUnreachable(
            from: standIn, to: uploader(standIn, timeoutSeconds: UploadTestSupport.shortTimeoutSeconds), key: key)
        #expect(WeathercloudProtocol.defaultURL == "https://api.weathercloud.net/v01/set")
    }
}
