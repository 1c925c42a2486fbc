// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import Synchronization

/// SIGHUP asks the gateway to reload its configuration: the handler only
/// records it (an atomic store is async-signal-safe) and wakes `run`'s
/// reload task through `SignalWakeups`; it reloads while ingest goes on.
public enum ReloadSignal {
    private static let pending = Atomic<Bool>(false)

    /// Routes SIGHUP to the flag instead of ending the process.
    public static func install() {
        SignalWakeups.install()
        signal(SIGHUP) { _ in
            ReloadSignal.pending.store(true, ordering: .relaxed)
            SignalWakeups.notify()
        }
    }

    /// Whether a reload was asked for since the last call (and clears it).
    public static func take() -> Bool {
        pending.exchange(false, ordering: .relaxed)
    }
}
