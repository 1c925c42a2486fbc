// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Synchronization

extension StoreWriter {
    /// Like `flush()`, but gives up after `timeoutSeconds`: returns true when
    /// everything submitted before the call is committed, false when the
    /// time ran out (the database cannot be written) or the writer stopped.
    /// For a stop, which must end in bounded time however the disk is.
    public func flush(timeoutSeconds: Double) async -> Bool {
        let waiter = Mutex<CheckedContinuation<Bool, Never>?>(nil)
        let resume: @Sendable (Bool) -> Void = { committed in
            waiter.withLock { continuation in
                continuation?.resume(returning: committed)
                continuation = nil
            }
        }
        return await withCheckedContinuation { continuation in
            waiter.withLock { $0 = continuation }
            Task {
                let committed = (try? await self.flush()) != nil
                resume(committed)
            }
            Task {
                try? await Task.sleep(for: .milliseconds(Int(timeoutSeconds * 1_000)))
                resume(false)
            }
        }
    }
}
