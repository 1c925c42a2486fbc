// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import HTTP
import SystemSupport
import Testing
@testable import WeatherUploads

@Suite struct UploadQueryTests {
    @Test func fixedDecimalsAreExactAndNeverNegativeZero() {
        #expect(UploadQuery.fixed(68.0, decimals: 1) == "68.0")
        #expect(UploadQuery.fixed(0.0048425, decimals: 3) == "0.005")
        #expect(UploadQuery.fixed(0.01, decimals: 3) == "0.010")
        #expect(UploadQuery.fixed(29.9212725, decimals: 3) == "29.921")
        #expect(UploadQuery.fixed(-0.04, decimals: 1) == "0.0")
        #expect(UploadQuery.fixed(-3.25, decimals: 1) == "-3.3")
        #expect(UploadQuery.fixed(271.6, decimals: 0) == "272")
    }

    @Test func valuesArePercentEncodedAndMissingOnesLeftOut() {
        var query = UploadQuery()
        query.add("dateutc", "2026-08-29 12:34:56")
        query.add("PASSWORD", "a+b/c&d=e")
        query.add("tempf", nil, decimals: 1)
        query.add("temp", Double.nan, scaledBy: 10)
        query.add("hum", 65.4, scaledBy: 1)
        #expect(query.text == "dateutc=2026-08-29+12%3A34%3A56&PASSWORD=a%2Bb%2Fc%26d%3De&hum=65")
    }

    @Test func aServicesWordsNeverCarryTheKey() {
        let exchange = UploadExchange(client: HTTPClient(), key: Secret("k+y/1234"), totalTimeoutSeconds: 1)
        let error = exchange.error(.refused(statusCode: 400), "bad request: PASSWORD=k%2By%2F1234 (k+y/1234)")
        #expect(!error.detail.contains("1234"))
        #expect(error.detail == "bad request: PASSWORD=<redacted> (<redacted>)")
    }
}
