// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import HTTP
import SystemSupport
import TempestTestKit
import Testing
@testable import WeatherUploads

@Suite struct WindyProtocolTests {
    let password = "windy-pass-123"

    func uploader(_ standIn: WindyStandIn, password: String? = nil, timeoutSeconds: Double = 10) -> WindyProtocol {
        WindyProtocol(
            client: HTTPClient(reusesConnection: true), stationID: standIn.stationID, password: Secret(password ?? self.password), url: standIn.url,
            totalTimeoutSeconds: timeoutSeconds)
    }

    @Test func valuesArriveMetricWithThePasswordInAHeader() async throws {
        let standIn = try WindyStandIn(stationID: "f1a2b3c4", password: password)
        #expect(await UploadTestSupport.failure(of: uploader(standIn)) == nil)
        let upload = try #require(standIn.uploads.first)
        let values = upload.values
        #expect(upload.parameters["id"] == "f1a2b3c4")
        #expect(upload.parameters["time"] == "2026-08-29T12:34:56Z")
        #expect(values["temp"] == 20.0)
        #expect(values["dewpoint"] == 10.0)
        #expect(values["rh"] == 65)
        #expect(values["wind"] == 4.5)
        #expect(values["gust"] == 6.7)
        #expect(values["winddir"] == 272)
        // Sea-level pressure in Pa.
        #expect(values["pressure"] == 101_325)
        #expect(values["precip"] == 0.25)
        #expect(values["uv"] == 3.5)
        #expect(values["solarradiation"] == 512)
        #expect(upload.headers["authorization"] == "Bearer \(password)")
        #expect(!upload.query.contains(password))
        #expect(upload.parameters["PASSWORD"] == nil && upload.parameters["humidity"] == nil)
    }

    @Test func missingValuesAreLeftOut() async throws {
        let standIn = try WindyStandIn(stationID: "f1", password: password)
        var reading = UploadTestSupport.temperatureOnly()
        reading.stationPressureHectopascals = 1_000
        #expect(await UploadTestSupport.failure(of: uploader(standIn), [reading]) == nil)
        let upload = try #require(standIn.uploads.first)
        // Station pressure alone is not sent as if it were the sea-level one.
        #expect(Set(upload.parameters.keys) == ["id", "time", "temp", "softwaretype"])
    }

    @Test func eachAnswerHasItsMeaning() async throws {
        let standIn = try WindyStandIn(stationID: "f1", password: password)
        let service = uploader(standIn)
        let cases: [(UploadStandInMode, UploadError.Code)] = [
            (.rejectKey, .rejectedKey), (.badRequest, .refused(statusCode: 400)), (.serverError, .refused(statusCode: 500)),
            (.tooSoon(retryAfterSeconds: 300), .tooSoon),
        ]
        await UploadTestSupport.expectAnswers(cases, from: standIn, to: service, key: password)
        standIn.mode = .duplicate
        #expect(await UploadTestSupport.failure(of: service) == nil)
        standIn.mode = .accept
        let wrong = await UploadTestSupport.failure(of: uploader(standIn, password: "wrong"))
        #expect(wrong?.code == .rejectedKey)
        #expect(wrong?.detail.contains("password is invalid") == true)
    }

    @Test func tooSoonWaitsUntilRetryAfter() async throws {
        let standIn = try WindyStandIn(stationID: "f1", password: password)
        standIn.mode = .tooSoon(retryAfterSeconds: 600)
        let error = try #require(await UploadTestSupport.failure(of: uploader(standIn)))
        let wait = try #require(error.retryAfterSeconds)
        #expect(wait >= 590 && wait <= 601)
    }

    @Test func retryAfterTimesAreRead() {
        #expect(UploadTime.parseISO8601("2026-08-29T12:34:56.000Z") == UploadTestSupport.timestamp)
        #expect(UploadTime.parseISO8601("2026-08-29T12:34:56Z") == UploadTestSupport.timestamp)
        #expect(UploadTime.parseISO8601("2026-08-29T12:34:56+00:00") == UploadTestSupport.timestamp)
        #expect(UploadTime.parseISO8601("2026-08-29T12:34:56+02:00") == nil)
        #expect(UploadTime.parseISO8601("soon") == nil)
    }

    @Test func aServiceThatNeverAnswersIsUnreachable() async throws {
        let standIn = try WindyStandIn(stationID: "f1", password: password)
        try await UploadTestSupport.expectUnreachable(
            from: standIn, to: uploader(standIn, timeoutSeconds: UploadTestSupport.shortTimeoutSeconds), key: password)
        #expect(WindyProtocol.defaultURL == "https://stations.windy.com/api/v2/observation/update")
    }
}
