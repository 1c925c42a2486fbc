// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import HTTP
import SystemSupport
import TempestTestKit
import Testing
import WeatherUploads

@Suite struct MetOfficeWOWProtocolTests {
    let key = "654321"

    func uploader(_ standIn: MetOfficeWOWStandIn, key: String? = nil, timeoutSeconds: Double = 10) -> MetOfficeWOWProtocol {
        MetOfficeWOWProtocol(
            client: HTTPClient(reusesConnection: true), siteID: standIn.siteID, key: Secret(key ?? self.key), url: standIn.url,
            totalTimeoutSeconds: timeoutSeconds)
    }

    @Test func valuesArriveInImperialUnits() async throws {
        let standIn = try MetOfficeWOWStandIn(siteID: "8f7e6d5c-1234", key: key)
        let service = uploader(standIn)
        #expect(service.acceptsPastReadings && service.maximumReadingsPerSend == 1)
        #expect(await UploadTestSupport.failure(of: service) == nil)
        let upload = try #require(standIn.uploads.first)
        let values = upload.values
        #expect(upload.parameters["siteid"] == "8f7e6d5c-1234")
        #expect(upload.parameters["siteAuthenticationKey"] == key)
        #expect(upload.parameters["dateutc"] == "2026-08-29 12:34:56")
        #expect(upload.parameters["softwaretype"]?.hasPrefix("tempest-gateway-") == true)
        UploadTestSupport.expectImperialValues(values)
        // Since the previous reading (1.27 mm), not the last hour (0.254 mm).
        #expect(values["rainin"] == 0.050)
        #expect(upload.parameters["solarradiation"] == nil && upload.parameters["UV"] == nil)
    }

    @Test func rainSinceThePreviousReadingIsLeftOutBeforeTheFirst() async throws {
        let standIn = try MetOfficeWOWStandIn(siteID: "1", key: key)
        var reading = UploadTestSupport.temperatureOnly()
        reading.rainLastHourMillimeters = 2
        #expect(await UploadTestSupport.failure(of: uploader(standIn), [reading]) == nil)
        let upload = try #require(standIn.uploads.first)
        #expect(Set(upload.parameters.keys) == ["siteid", "siteAuthenticationKey", "dateutc", "softwaretype", "tempf"])
    }

    @Test func eachAnswerHasItsMeaning() async throws {
        let standIn = try MetOfficeWOWStandIn(siteID: "1", key: key)
        let service = uploader(standIn)
        let cases: [(UploadStandInMode, UploadError.Code)] = [
            (.rejectKey, .rejectedKey), (.badRequest, .refused(statusCode: 400)), (.serverError, .refused(statusCode: 500)),
            (.tooSoon(retryAfterSeconds: 300), .tooSoon), (.duplicate, .tooSoon),
        ]
        await UploadTestSupport.expectAnswers(cases, from: standIn, to: service, key: key)
        #expect(await UploadTestSupport.failure(of: uploader(standIn, key: "000000"))?.code == .rejectedKey)
        #expect(await UploadTestSupport.failure(of: service) == nil)
    }

    @Test func aServiceThatNeverAnswersIsUnreachable() async throws {
        let standIn = try MetOfficeWOWStandIn(siteID: "1", key: key)
        let error = try await UploadTestSupport.expectUnreachable(
            from: standIn, to: uploader(standIn, timeoutSeconds: UploadTestSupport.shortTimeoutSeconds), key: key)
        #expect(error.description.contains("siteAuthenticationKey=<redacted>"))
        #expect(MetOfficeWOWProtocol.defaultURL == "https://wow.metoffice.gov.uk/automaticreading")
    }
}
