// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Synchronization
import SystemSupport

/// What the libcurl callbacks of one transfer read and write. Owned by the
/// transfer thread; only `isCancelled` is touched from other threads.
final class TransferState: Sendable {
    /// Set by the awaiting task's cancellation handler; the progress callback
    /// aborts the transfer when it sees it.
    let isCancelled = Atomic<Bool>(false)
    /// Body and header buffers, mutated only on the transfer thread.
    let buffers: Mutex<Buffers>
    let maximumResponseBytes: Int

    struct Buffers {
        var body: [UInt8] = []
        var headers: [String: String] = [:]
        var exceededLimit = false
    }

    init(maximumResponseBytes: Int) {
        self.maximumResponseBytes = maximumResponseBytes
        self.buffers = Mutex(Buffers())
    }

    /// Appends body bytes; false when the limit would be exceeded.
    func appendBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        buffers.withLock { buffers in
            guard buffers.body.count + bytes.count <= maximumResponseBytes else {
                buffers.exceededLimit = true
                return false
            }
            buffers.body.append(contentsOf: bytes)
            return true
        }
    }

    /// Records one header line. A status line (start of a new response after
    /// a redirect) clears the headers collected so far.
    func appendHeaderLine(_ bytes: UnsafeRawBufferPointer) {
        let line = String(decoding: bytes, as: UTF8.self)
        buffers.withLock { buffers in
            if line.hasPrefix("HTTP/") {
                buffers.headers = [:]
                return
            }
            guard let colon = line.firstIndex(of: ":") else { return }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingWhitespace()
            buffers.headers[name] = value
        }
    }
}
