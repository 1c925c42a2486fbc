import HTTP
import Testing

@Suite struct RedactedURLTests {
    @Test func redactsSecretQueryParameters() {
        let url = "https://swd.weatherflow.com/swd/rest/stations?token=abc123&units=metric&API_KEY=k&apikey=x&key=y&access_token=z"
        let redacted = RedactedURL.redact(url)
        #expect(redacted == "https://swd.weatherflow.com/swd/rest/stations?token=<redacted>&units=metric&API_KEY=<redacted>&apikey=<redacted>&key=<redacted>&access_token=<redacted>")
        for secret in ["abc123", "=k", "=x", "=y", "=z"] { #expect(!redacted.contains(secret)) }
    }

    @Test func redactsUserinfoPasswordAndKeepsFragment() {
        #expect(RedactedURL.redact("http://user:hunter2@host:8080/p?q=1#frag") == "http://user:<redacted>@host:8080/p?q=1#frag")
        #expect(RedactedURL.redact("http://user@host/p") == "http://user@host/p")
    }

    @Test func leavesURLsWithoutSecretsAlone() {
        #expect(RedactedURL.redact("http://127.0.0.1:80/a/b?monkey=1&tokens=2") == "http://127.0.0.1:80/a/b?monkey=1&tokens=2")
        #expect(RedactedURL.redact("https://example.org") == "https://example.org")
    }
}
