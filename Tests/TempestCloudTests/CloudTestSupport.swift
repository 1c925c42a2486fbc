// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import HTTP
import TempestCloud
import TempestTestKit
import Testing

let testToken = APIToken("tok-4f2a9c81-SECRET")!
let testTokenText = "tok-4f2a9c81-SECRET"

/// Records the waits the client asks for instead of sleeping.
final class SleepRecorder: @unchecked Sendable {
    private let lock = Mutex()
    private var recorded: [Duration] = []
    var delays: [Duration] { lock.withLock { recorded } }
    func record(_ delay: Duration) { lock.withLock { recorded.append(delay) } }
}

/// A tiny lock for the recorder (Foundation-free tests are not required; this keeps it local).
final class Mutex: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }
    func withLock<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return body()
    }
}

/// A client pointed at `server`, with a retry policy that records its waits.
func makeClient(_ server: LocalHTTPServer, sleeps: SleepRecorder = SleepRecorder(), attempts: Int = 4) -> WeatherFlowClient {
    let policy = RetryPolicy(
        maximumAttempts: attempts, baseDelaySeconds: 2, maximumDelaySeconds: 60,
        sleep: { sleeps.record($0) }, random: { 0.5 })
    return WeatherFlowClient(
        token: testToken, baseURL: server.baseURL, retryPolicy: policy,
        requestTemplate: HTTPRequest(url: "", connectTimeoutSeconds: 2, totalTimeoutSeconds: 5))
}

/// Asserts the token never went into a URL and always into the header.
func expectTokenOnlyInHeader(_ server: LocalHTTPServer, sourceLocation: SourceLocation = #_sourceLocation) {
    for request in server.requests {
        #expect(!request.target.contains(testTokenText), sourceLocation: sourceLocation)
        #expect(request.headers["authorization"] == "Bearer \(testTokenText)", sourceLocation: sourceLocation)
    }
}
