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
