// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import CCurl
import SystemSupport

/// One libcurl handle on a thread of its own that a client's requests
/// use one at a time (`HTTPClient(reusesConnection:)`): the connection (and
/// a TLS session) carries over from one request to the next instead of
/// costing a connect each time, and no thread is made per request. The
/// thread waits on a condition variable between requests and ends with the
/// client.
final class ReusableCurlHandle: @unchecked Sendable {
    private typealias Job = (transfer: CurlTransfer, done: @Sendable (Result<HTTPResponse, HTTPError>) -> Void)
    private let lock = ConditionLock()
    // Guarded by `lock`.
    private var jobs: [Job] = []
    private var isClosed = false
    private var isStarted = false
    private let threadName: String

    /// A handle whose thread, named `threadName` (15 bytes show in `top`),
    /// starts with the first request.
    init(threadName: String) {
        self.threadName = threadName
    }

    /// Queues `transfer`; `done` is called on the handle's thread with its outcome.
    func perform(_ transfer: CurlTransfer, done: @escaping @Sendable (Result<HTTPResponse, HTTPError>) -> Void) {
        let (accepted, start) = lock.withLock { () -> (Bool, Bool) in
            guard !isClosed else { return (false, false) }
            jobs.append((transfer, done))
            defer { isStarted = true }
            return (true, !isStarted)
        }
        guard accepted else {
            done(.failure(.other(message: "the client is closed", url: transfer.request.url)))
            return
        }
        if start {
            do {
                try NamedThread(named: threadName) { [self] in run() }.detach()
            } catch {
                lock.withLock { isStarted = false }
                let queued = lock.withLock { () -> [Job] in
                    defer { jobs.removeAll() }
                    return jobs
                }
                for job in queued { job.done(.failure(.other(message: "could not start a transfer thread", url: job.transfer.request.url))) }
            }
        } else {
            lock.signal()
        }
    }

    /// Ends the thread once the queued transfers are done.
    func close() {
        lock.withLock { isClosed = true }
        lock.signal()
    }

    private func run() {
        var handle: UnsafeMutableRawPointer?
        defer { if let handle { tempest_curl_easy_cleanup(handle) } }
        while true {
            var next: Job?
            var closed = false
            lock.withLock {
                while jobs.isEmpty && !isClosed { lock.wait(until: nil) }
                if !jobs.isEmpty { next = jobs.removeFirst() } else { closed = true }
            }
            if closed { return }
            guard let job = next else { continue }
            if let error = CurlGlobal.ensureInitialised(for: job.transfer.request.url) {
                job.done(.failure(error))
                continue
            }
            if handle == nil { handle = tempest_curl_easy_init() }
            guard let ready = handle else {
                job.done(.failure(.other(message: "curl_easy_init failed", url: job.transfer.request.url)))
                continue
            }
            job.done(job.transfer.perform(on: ready))
        }
    }
}
