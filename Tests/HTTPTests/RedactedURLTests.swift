// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import HTTP
import Testing

@Suite struct RedactedURLTests {
    @Test func redactsSecretQueryParameters() {
        let url = "https://swd.weatherflow.com/swd/rest/stations?token=abc123&units=metric&API_KEY=k&apikey=x&key=y&access_token=z"
        let redacted = RedactedURL.redact(url)
        #expect(redacted == "https://swd.weatherflow.com/swd/rest/stations?token=<redacted>&units=metric&API_KEY=<redacted>&apikey=<redacted>&key=<redacted>&access_token=<redacted>")
        for secret in ["abc123", "=k", "=x", "=y", "=z"] { #expect(!redacted.contains(secret)) }
    }

    @Test func redactsEveryParameterWhoseNameContainsASecretWord() {
        let url = "https://example.org/p?password=a&client_secret=b&Authorization=c&X-Amz-Signature=d&monkey=e&tokens=f&units=metric"
        #expect(RedactedURL.redact(url) == "https://example.org/p?password=<redacted>&client_secret=<redacted>&Authorization=<redacted>&X-Amz-Signature=<redacted>&monkey=<redacted>&tokens=<redacted>&units=metric")
    }

    /// The weather networks' keys: Weather Underground's and PWSweather's
    /// `PASSWORD`, Weathercloud's `key`, OpenWeatherMap's `appid`, Met Office
    /// WOW's `siteAuthenticationKey`; the station ids stay readable.
    @Test func redactsTheWeatherNetworksKeys() {
        let urls = [
            "https://weatherstation.wunderground.com/weatherstation/updateweatherstation.php?ID=KXX1&PASSWORD=s3cret&action=updateraw":
                "https://weatherstation.wunderground.com/weatherstation/updateweatherstation.php?ID=KXX1&PASSWORD=<redacted>&action=updateraw",
            "https://api.weathercloud.net/v01/set?wid=abc&key=s3cret&temp=200": "https://api.weathercloud.net/v01/set?wid=abc&key=<redacted>&temp=200",
            "https://api.openweathermap.org/data/3.0/stations?appid=s3cret": "https://api.openweathermap.org/data/3.0/stations?appid=<redacted>",
            "https://wow.metoffice.gov.uk/automaticreading?siteid=123&siteAuthenticationKey=s3cret&tempf=68.0":
                "https://wow.metoffice.gov.uk/automaticreading?siteid=123&siteAuthenticationKey=<redacted>&tempf=68.0",
        ]
        for (url, redacted) in urls {
            #expect(RedactedURL.redact(url) == redacted)
            #expect(!RedactedURL.redact(url).contains("s3cret"))
        }
    }

    @Test func dropsUserInformationAndKeepsFragment() {
        #expect(RedactedURL.redact("http://user:hunter2@host:8080/p?q=1#frag") == "http://host:8080/p?q=1#frag")
        #expect(RedactedURL.redact("https://ghp_secret@host/p") == "https://host/p")
        #expect(RedactedURL.redact("user:hunter2@host/p") == "host/p")
    }

    @Test func leavesURLsWithoutSecretsAlone() {
        #expect(RedactedURL.redact("http://127.0.0.1:80/a/b?latitude=1&hourly=temperature_2m,rain") == "http://127.0.0.1:80/a/b?latitude=1&hourly=temperature_2m,rain")
        #expect(RedactedURL.redact("https://example.org") == "https://example.org")
        #expect(RedactedURL.redact("no url at all") == "no url at all")
        #expect(RedactedURL.redact("https://example.org/p#token=kept-in-the-fragment") == "https://example.org/p#token=kept-in-the-fragment")
    }
}
