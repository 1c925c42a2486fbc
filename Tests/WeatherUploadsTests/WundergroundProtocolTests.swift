// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import HTTP
import Meteorology
import SystemSupport
import TempestTestKit
import Testing
import WeatherUploads

@Suite struct WundergroundProtocolTests {
    let key = "wu-Secret+Key/1"

    func uploader(
        _ standIn: WundergroundStandIn, service: WundergroundProtocol.Service = .wunderground, key: String? = nil,
        realTimeIntervalSeconds: Double? = nil, timeoutSeconds: Double = 10
    ) -> WundergroundProtocol {
        WundergroundProtocol(
            service: service, client: HTTPClient(reusesConnection: true), stationID: standIn.stationID, key: Secret(key ?? self.key),
            url: standIn.url, realTimeIntervalSeconds: realTimeIntervalSeconds, totalTimeoutSeconds: timeoutSeconds)
    }

    @Test func valuesArriveInImperialUnits() async throws {
        let standIn = try WundergroundStandIn(stationID: "KCASANFR123", key: key)
        #expect(await UploadTestSupport.failure(of: uploader(standIn)) == nil)
        let upload = try #require(standIn.uploads.first)
        let values = upload.values
        UploadTestSupport.expectImperialValues(values)
        #expect(values["rainin"] == 0.010)
        #expect(values["solarradiation"] == 512)
        #expect(values["UV"] == 3.5)
        #expect(upload.parameters["action"] == "updateraw")
        #expect(upload.parameters["ID"] == "KCASANFR123")
        #expect(upload.parameters["PASSWORD"] == key)
        #expect(upload.parameters["dateutc"] == "2026-08-29 12:34:56")
        #expect(upload.parameters["softwaretype"]?.hasPrefix("tempest-gateway-") == true)
        // Three decimals of an inch, not rounded to hundredths; the date as the protocol page encodes it.
        #expect(upload.query.contains("rainin=0.010&"))
        #expect(upload.query.contains("dailyrainin=0.005"))
        #expect(upload.query.contains("dateutc=2026-08-29+12%3A34%3A56"))
        #expect(upload.parameters["realtime"] == nil)
        #expect(upload.parameters["tempc"] == nil && upload.parameters["illuminance"] == nil)
    }

    @Test func missingValuesAreLeftOutNotSentAsZero() async throws {
        let standIn = try WundergroundStandIn(stationID: "KX1", key: key)
        #expect(await UploadTestSupport.failure(of: uploader(standIn), [UploadTestSupport.temperatureOnly()]) == nil)
        let upload = try #require(standIn.uploads.first)
        #expect(Set(upload.parameters.keys) == ["ID", "PASSWORD", "action", "dateutc", "tempf", "softwaretype"])
    }

    @Test func temperaturesStayWithinATenthOfADegree() async throws {
        let standIn = try WundergroundStandIn(stationID: "KX1", key: key)
        let celsius = [-40.0, -17.77, -0.05, 0.0, 12.34, 21.37, 37.85, 45.06]
        let service = uploader(standIn)
        for value in celsius {
            #expect(await UploadTestSupport.failure(of: service, [UploadTestSupport.temperatureOnly(value)]) == nil)
        }
        let sent = standIn.uploads.compactMap { $0.values["tempf"] }
        #expect(sent.count == celsius.count)
        for (value, fahrenheit) in zip(celsius, sent) {
            #expect(abs(fahrenheit - Temperature(celsius: value).fahrenheit) <= 0.05)
        }
    }

    @Test func rapidFireAddsRealtimeAndItsFrequency() async throws {
        let standIn = try WundergroundStandIn(stationID: "KX1", key: key)
        let service = uploader(standIn, realTimeIntervalSeconds: 5)
        #expect(!service.acceptsPastReadings)
        #expect(await UploadTestSupport.failure(of: service) == nil)
        let upload = try #require(standIn.uploads.first)
        #expect(upload.parameters["realtime"] == "1")
        #expect(upload.parameters["rtfreq"] == "5")
        #expect(WundergroundProtocol.rapidFireURL.hasPrefix("https://rtupdate.wunderground.com/"))
    }

    @Test func eachAnswerHasItsMeaning() async throws {
        let standIn = try WundergroundStandIn(stationID: "KX1", key: key)
        let service = uploader(standIn)
        let cases: [(UploadStandInMode, UploadError.Code)] = [
            (.rejectKey, .rejectedKey), (.badRequest, .refused(statusCode: 400)), (.serverError, .refused(statusCode: 500)),
            (.tooSoon(retryAfterSeconds: 120), .tooSoon),
        ]
        await UploadTestSupport.expectAnswers(cases, from: standIn, to: service, key: key)
        standIn.mode = .tooSoon(retryAfterSeconds: 120)
        #expect(await UploadTestSupport.failure(of: service)?.retryAfterSeconds == 120)
        standIn.mode = .accept
        let wrongKey = await UploadTestSupport.failure(of: uploader(standIn, key: "wrong"))
        #expect(wrongKey?.code == .rejectedKey)
        #expect(wrongKey?.retryAfterSeconds == UploadError.rejectedKeyRetrySeconds)
        #expect(standIn.uploads.isEmpty)
    }

    @Test func theOlderRejectionWordsAreARejectedKey() async throws {
        let standIn = try WundergroundStandIn(stationID: "KX1", key: key, rejectsWithLegacyWords: true)
        standIn.mode = .rejectKey
        let error = try #require(await UploadTestSupport.failure(of: uploader(standIn)))
        #expect(error.code == .rejectedKey)
        #expect(error.detail.contains("INVALIDPASSWORDID"))
    }

    @Test func aServiceThatNeverAnswersIsUnreachable() async throws {
        let standIn = try WundergroundStandIn(stationID: "KX1", key: key)
        let error = try await UploadTestSupport.expectUnreachable(
            from: standIn, to: uploader(standIn, timeoutSeconds: UploadTestSupport.shortTimeoutSeconds), key: key)
        #expect(!error.description.contains("wu-Secret"))
    }

    @Test func aFailedConnectionKeepsTheKeyOutOfTheError() async throws {
        let service = WundergroundProtocol(
            service: .wunderground, client: HTTPClient(), stationID: "KX1", key: Secret(key),
            url: try UploadTestSupport.deadURL(path: WundergroundStandIn.wundergroundPath), totalTimeoutSeconds: 5)
        let error = try #require(await UploadTestSupport.failure(of: service))
        #expect(error.code == .unreachable)
        #expect(!error.description.contains("wu-Secret"))
        #expect(error.description.contains("PASSWORD=<redacted>"))
    }

    @Test func pwsweatherReadsItsOwnWords() async throws {
        let standIn = try WundergroundStandIn(network: .pwsweather, stationID: "MYSTATION", key: key)
        let service = uploader(standIn, service: .pwsweather, realTimeIntervalSeconds: 5)
        #expect(!service.acceptsPastReadings)
        #expect(await UploadTestSupport.failure(of: service) == nil)
        let upload = try #require(standIn.uploads.first)
        #expect(upload.values["tempf"] == 68.0 && upload.values["baromin"] == 29.921 && upload.values["rainin"] == 0.010)
        // RapidFire is Weather Underground's alone.
        #expect(upload.parameters["realtime"] == nil)
        let cases: [(UploadStandInMode, UploadError.Code)] = [
            (.rejectKey, .rejectedKey), (.badRequest, .refused(statusCode: 200)), (.serverError, .refused(statusCode: 500)),
            (.tooSoon(retryAfterSeconds: 60), .tooSoon),
        ]
        await UploadTestSupport.expectAnswers(cases, from: standIn, to: service, key: key)
        #expect(await UploadTestSupport.failure(of: uploader(standIn, service: .pwsweather, key: "wrong"))?.code == .rejectedKey)
    }

    @Test func defaultEndpointsAreTheServicesOwn() {
        #expect(WundergroundProtocol.wundergroundURL == "https://weatherstation.wunderground.com/weatherstation/updateweatherstation.php")
        #expect(WundergroundProtocol.pwsweatherURL == "https://pwsupdate.pwsweather.com/api/v1/submitwx")
    }
}
