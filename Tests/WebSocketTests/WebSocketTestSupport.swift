// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import TempestTestKit
import WebSocket

/// The secret every test URL carries, which no error may show.
let testToken = "s3cret-token-4711"

/// Opens a connection to `server` with the test token in the query.
func openConnection(
    to baseURL: String, options: WebSocketOptions = WebSocketOptions(connectTimeoutSeconds: 5)
) throws(WebSocketError) -> WebSocketConnection {
    try WebSocketConnection.open(url: baseURL + "/swd/data?token=\(testToken)", options: options)
}

/// The error `body` throws, or nil when it throws none (or another kind,
/// which the module's typed throws rule out).
func webSocketError(_ body: () throws -> Void) -> WebSocketError? {
    do {
        try body()
        return nil
    } catch {
        return error as? WebSocketError
    }
}

/// Runs `body` on a thread of its own and waits at most `timeoutSeconds`
/// for it; its result, or nil when it did not finish in time.
func onOwnThread<T: Sendable>(timeoutSeconds: Double, _ body: @escaping @Sendable () -> T) -> T? {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Thread {
        box.value = body()
        done.signal()
    }.start()
    guard done.wait(timeout: .now() + timeoutSeconds) == .success else { return nil }
    return box.value
}

/// A result handed from a thread to the test (written before a semaphore
/// is signalled, read after the wait).
final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
