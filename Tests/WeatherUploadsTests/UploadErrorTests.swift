// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Testing
import WeatherUploads

@Suite struct UploadErrorTests {
    @Test func aRejectedKeyWaitsAnHour() {
        #expect(UploadError(.rejectedKey, detail: "unauthorized").retryAfterSeconds == 3_600)
        #expect(UploadError(.rejectedKey, detail: "unauthorized", retryAfterSeconds: 7_200).retryAfterSeconds == 7_200)
        #expect(UploadError(.refused(statusCode: 500), detail: "oops").retryAfterSeconds == nil)
    }

    @Test func wordsAreOneShortLine() {
        #expect(UploadError.words("  <b>ERROR</b>\n  Not a vailid\tStation ID ") == "<b>ERROR</b> Not a vailid Station ID")
        #expect(UploadError.words("\n") == "no explanation")
        #expect(UploadError.words(String(repeating: "x", count: 300)).count == 201)
    }
}
